import type { MembershipStatusName } from '@vitrine/contracts';
import { formatDate } from '@vitrine/format/dates';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useId, useState, type FormEvent } from 'react';
import { useBoot } from '../../api/client';
import { Link } from '../../app/router';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Empty, OutcomeLine, ReadStates, type Outcome } from '../../ui/states';
import { grantBodyOf } from './grant';
import { useGrantMembership, useMembers, useRevokeMembership, type MemberArea, type Membership } from './members-api';
import { MEMBER_TEXTS as T, MEMBERSHIP_STATUS_WORDS, SOURCE_WORDS } from './texts';

const STATUSES: readonly MembershipStatusName[] = ['active', 'expired', 'ended'];
/** An area's members (who, since, how, status, until when) with a status filter; grant by email and revoke for roles that change members. */
export function MembersPanel({ area, mayWrite }: { area: MemberArea; mayWrite: boolean }) {
  const [status, setStatus] = useState<MembershipStatusName | ''>('');
  const members = useMembers(area.id, status, true);
  const grant = useGrantMembership(area.id);
  const revoke = useRevokeMembership(area.id);
  const { confirm } = useConfirm();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [email, setEmail] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [emailError, setEmailError] = useState('');
  const boot = useBoot();
  const locale = useLocale();
  const ids = { filter: useId(), email: useId(), ends: useId(), heading: useId() };
  const day = (ms: number | null) => (ms === null ? T.never : formatDate(ms, { locale, timeZone: boot.website.timeZone, dateStyle: 'medium' }));
  const rows = members.data?.members ?? [];
  const statusWords = status ? MEMBERSHIP_STATUS_WORDS[status] : '';

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
      <div className="field members-filter">
        <label htmlFor={ids.filter}>{T.status}</label>
        <select id={ids.filter} value={status} onChange={(event) => setStatus(event.target.value as MembershipStatusName | '')}>
          <option value="">{T.allStatuses}</option>
          {STATUSES.map((each) => (
            <option key={each} value={each}>
              {MEMBERSHIP_STATUS_WORDS[each]}
            </option>
          ))}
        </select>
      </div>
      <ReadStates read={members} isEmpty={rows.length === 0} empty={<Empty title={status ? T.noMembersWithStatus(statusWords) : T.noMembers} />}>
        {() => (
          <table className="data-table members-table stacks-on-phone" aria-busy={members.isFetching}>
            <caption className="visually-hidden">{T.membersCaption(area.name, statusWords)}</caption>
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
    </section>
  );
}
