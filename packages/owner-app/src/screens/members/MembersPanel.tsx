import type { MembershipStatusName } from '@vitrine/contracts';
import { formatDate } from '@vitrine/format/dates';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useBoot } from '../../api/client';
import { Link } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Empty, OutcomeLine, ReadStates, type Outcome } from '../../ui/states';
import { grantBodyOf } from './grant';
import { useGrantMembership, useMembers, useRevokeMembership, type MemberArea, type Membership } from './members-api';
import { MEMBER_SEARCH_MAX, MEMBERSHIP_STATUSES_IN_ORDER, memberSearchOf, useMemberListAddress, type MemberListState } from './members-state';
import { MEMBER_TEXTS as T, MEMBERSHIP_STATUS_WORDS, SOURCE_WORDS } from './texts';

/**
 * An area's members (who, since, how, status, until when) in pages of 50 with a status filter and a search by email,
 * both kept in the address with the page's cursor; grant by email and revoke for roles that change members.
 */
export function MembersPanel({ area, mayWrite }: { area: MemberArea; mayWrite: boolean }) {
  const [address, setAddress] = useMemberListAddress();
  const { status, q } = address;
  const members = useMembers(area.id, address, true);
  // The cursors of the pages before this one, for Previous page (a reloaded later page knows none: First page).
  const [trail, setTrail] = useState<string[]>([]);
  const [searchText, setSearchText] = useState(q);
  const tableRef = useRef<HTMLTableElement>(null);
  const grant = useGrantMembership(area.id);
  const revoke = useRevokeMembership(area.id);
  const { confirm } = useConfirm();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [email, setEmail] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [emailError, setEmailError] = useState('');
  const boot = useBoot();
  const locale = useLocale();
  const ids = { filter: useId(), search: useId(), email: useId(), ends: useId(), heading: useId() };
  const day = (ms: number | null) => (ms === null ? T.never : formatDate(ms, { locale, timeZone: boot.website.timeZone, dateStyle: 'medium' }));
  const rows = members.data?.members ?? [];
  // What the table shows (its caption, its empty state, its pages) is the page read, not yet the filters just chosen.
  const listed = members.data?.listed ?? address;
  const statusWords = listed.status ? MEMBERSHIP_STATUS_WORDS[listed.status] : '';
  const nextCursor = members.data?.nextCursor ?? null;
  const turning = members.isPlaceholderData;

  /** Another filter or search starts at the first page. */
  const showList = (next: Omit<MemberListState, 'cursor'>) => {
    setTrail([]);
    setAddress({ ...next, cursor: '' });
  };
  /** To another page; the table takes the focus (the button pressed may go), so the keyboard starts at its rows. */
  const turnPage = (cursor: string, nextTrail: string[]) => {
    setTrail(nextTrail);
    setAddress({ status: listed.status, q: listed.q, cursor });
    tableRef.current?.focus();
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const search = memberSearchOf(searchText);
    setSearchText(search);
    showList({ status, q: search });
  };
  const clearSearch = () => {
    setSearchText('');
    showList({ status, q: '' });
    document.getElementById(ids.search)?.focus();
  };

  const submitGrant = async (event: FormEvent) => {
    event.preventDefault();
    const body = grantBodyOf(email, endsOn, boot.website.timeZone);
    if (!body) {
      setEmailError(T.emailInvalid);
      document.getElementById(ids.email)?.focus();
      return;
    }
    setEmailError('');
    try {
      const reply = await grant.mutateAsync(body);
      setOutcome({ kind: 'done', text: (reply.changed ? T.granted : T.alreadyMember)(reply.membership.email) });
      setEmail('');
      setEndsOn('');
    } catch (error) {
      if (isOwnerApiError(error) && error.errors.email) setEmailError(error.errors.email);
      setOutcome({ kind: 'refused', text: failureText(error) });
    }
  };

  const askToRevoke = async (membership: Membership) => {
    const yes = await confirm({ title: T.revokeTitle, message: T.revokeMessage(membership.email, area.name), confirmLabel: T.revoke, cancelLabel: T.keepMembership, destructive: true });
    if (!yes) return;
    revoke.mutate(membership.id, {
      onSuccess: (reply) => setOutcome({ kind: 'done', text: (reply.changed ? T.revoked : T.alreadyRevoked)(membership.email) }),
      onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }),
    });
  };

  return (
    <section className="card members-panel" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>{T.membersHeading}</h2>
      {mayWrite ? (
        <form className="members-grant" onSubmit={submitGrant} noValidate aria-label={T.grantHeading}>
          <div className="field members-field members-grant-email">
            <label htmlFor={ids.email}>{T.grantEmail}</label>
            <input
              id={ids.email}
              type="email"
              autoComplete="off"
              value={email}
              required
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${ids.email}-error` : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
            {emailError ? <p id={`${ids.email}-error`} className="field-error">{emailError}</p> : null}
          </div>
          <div className="field members-field">
            <label htmlFor={ids.ends}>{T.grantEnds}</label>
            <input id={ids.ends} type="date" value={endsOn} onChange={(event) => setEndsOn(event.target.value)} />
          </div>
          <button type="submit" className="button button-primary" disabled={grant.isPending}>
            {T.grant}
          </button>
        </form>
      ) : null}
      <OutcomeLine outcome={outcome} className="members-outcome" />
      <div className="members-list-controls">
        <div className="field members-filter">
          <label htmlFor={ids.filter}>{T.status}</label>
          <select id={ids.filter} value={status} onChange={(event) => showList({ status: event.target.value as MembershipStatusName | '', q })}>
            <option value="">{T.allStatuses}</option>
            {MEMBERSHIP_STATUSES_IN_ORDER.map((each) => (
              <option key={each} value={each}>
                {MEMBERSHIP_STATUS_WORDS[each]}
              </option>
            ))}
          </select>
        </div>
        <form role="search" className="members-search" onSubmit={submitSearch} aria-label={T.searchForm}>
          <div className="field members-field members-search-field">
            <label htmlFor={ids.search}>{T.searchLabel}</label>
            <input
              id={ids.search}
              type="search"
              autoComplete="off"
              spellCheck={false}
              maxLength={MEMBER_SEARCH_MAX}
              value={searchText}
              aria-describedby={`${ids.search}-help`}
              onChange={(event) => setSearchText(event.target.value)}
            />
            <p id={`${ids.search}-help`} className="visually-hidden">{T.searchHelp}</p>
          </div>
          <button type="submit" className="button button-secondary">
            {T.search}
          </button>
        </form>
      </div>
      <ReadStates
        read={members}
        isEmpty={rows.length === 0}
        empty={
          listed.q ? (
            <Empty title={T.noMatch(listed.q)}>
              {listed.status ? <p className="muted">{T.noMatchWithStatus(statusWords)}</p> : null}
              <button type="button" className="button button-secondary" onClick={clearSearch}>
                {T.clearSearch}
              </button>
            </Empty>
          ) : (
            <Empty title={listed.status ? T.noMembersWithStatus(statusWords) : T.noMembers} />
          )
        }
      >
        {() => (
          <table ref={tableRef} tabIndex={-1} className="data-table members-table stacks-on-phone" aria-busy={members.isFetching}>
            <caption className="visually-hidden">{T.membersCaption(area.name, statusWords, listed.q)}</caption>
            <thead>
              <tr>
                <th scope="col">{T.member}</th>
                <th scope="col">{T.since}</th>
                <th scope="col">{T.source}</th>
                <th scope="col">{T.status}</th>
                <th scope="col">{T.ends}</th>
                {mayWrite ? (
                  <th scope="col">
                    <span className="visually-hidden">{T.actions}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((membership) => (
                <tr key={membership.id}>
                  <th scope="row" className="members-email">{membership.email}</th>
                  <td data-label={T.since}>{day(membership.startedAt)}</td>
                  <td data-label={T.source}>
                    {SOURCE_WORDS[membership.source]}
                    {membership.orderId ? (
                      <>
                        {' · '}
                        <Link to={`/config/orders/${encodeURIComponent(membership.orderId)}`}>{T.orderLink}</Link>
                      </>
                    ) : null}
                  </td>
                  <td data-label={T.status}>
                    <span className={`members-badge members-badge-${membership.status}`}>{membership.statusLabel}</span>
                  </td>
                  <td data-label={T.ends}>{membership.status === 'ended' ? day(membership.endedAt) : day(membership.endsAt)}</td>
                  {mayWrite ? (
                    <td>
                      {membership.status !== 'ended' ? (
                        <button type="button" className="button button-secondary" aria-label={T.revokeNamed(membership.email)} disabled={revoke.isPending} onClick={() => void askToRevoke(membership)}>
                          {T.revoke}
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ReadStates>
      {members.data && !members.isError && (listed.cursor || nextCursor) ? (
        <nav className="members-pages" aria-label={T.pages}>
          <button type="button" className="button button-secondary" disabled={!listed.cursor || turning} onClick={() => turnPage(trail.at(-1) ?? '', trail.slice(0, -1))}>
            {listed.cursor && trail.length === 0 ? T.firstPage : T.previousPage}
          </button>
          <button type="button" className="button button-secondary" disabled={!nextCursor || turning} onClick={() => nextCursor && turnPage(nextCursor, [...trail, listed.cursor])}>
            {T.nextPage}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
