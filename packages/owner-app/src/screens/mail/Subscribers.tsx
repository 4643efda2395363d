import { useId, useState } from 'react';
import { isOwnerApiError } from '@vitrine/owner-client/browser';
import { useCan } from '../../api/hooks';
import { failureText } from '../../ui/messages';
import { Empty, ReadStates } from '../../ui/states';
import { subscribersExportHref, useSubscribers, useTagSubscribers } from './mail-api';
import { readStatus, SUBSCRIBER_STATUSES_IN_ORDER, useListAddress, useWhen } from './mail-state';
import { MAIL_TEXTS, sourceWords, SUBSCRIBER_STATUS_WORDS } from './texts';

/** First page / Next page by the server's cursor (kept in the address). */
export function Pager({ cursor, nextCursor, onPage }: { cursor: string; nextCursor: string | null | undefined; onPage: (cursor: string) => void }) {
  if (!cursor && !nextCursor) return null;
  return (
    <nav className="mail-pages" aria-label={MAIL_TEXTS.pages}>
      {cursor ? <button type="button" className="button button-secondary" onClick={() => onPage('')}>{MAIL_TEXTS.firstPage}</button> : null}
      {nextCursor ? <button type="button" className="button button-secondary" onClick={() => onPage(nextCursor)}>{MAIL_TEXTS.nextPage}</button> : null}
    </nav>
  );
}

/** The newsletter list (`/config/mail/subscribers`): status filter, cursor pages, and the CSV of what is filtered. */
export function Subscribers() {
  const allowed = useCan('forms:read');
  const [address, setAddress] = useListAddress();
  const status = readStatus(address.status, SUBSCRIBER_STATUSES_IN_ORDER);
  const list = useSubscribers({ status, cursor: address.cursor }, { enabled: allowed });
  const when = useWhen();
  const filterId = useId();
  const tagId = useId();
  const canTag = useCan('campaigns:manage');
  const tagging = useTagSubscribers();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [tag, setTag] = useState('');
  const [tagError, setTagError] = useState('');
  const [outcome, setOutcome] = useState('');
  if (!allowed) {
    return (
      <Empty title={MAIL_TEXTS.notAllowed}>
        <p className="muted">{MAIL_TEXTS.notAllowedHelp}</p>
      </Empty>
    );
  }
  const rows = list.data?.subscribers ?? [];
  const toggle = (email: string) => setChosen((before) => {
    const next = new Set(before);
    if (next.has(email)) next.delete(email); else next.add(email);
    return next;
  });
  const allChosen = rows.length > 0 && rows.every((row) => chosen.has(row.email));
  const applyTag = (change: 'add' | 'remove') => {
    setTagError('');
    setOutcome('');
    tagging.mutate({ emails: [...chosen], [change]: [tag] }, {
      onSuccess: (answer) => { setOutcome(MAIL_TEXTS.tagged(answer.updated)); setTag(''); },
      onError: (error) => {
        const errors = isOwnerApiError(error) ? error.errors : {};
        setTagError(errors[`${change}.0`] ?? errors[change] ?? errors.emails ?? failureText(error));
      },
    });
  };
  const statusWords = status ? SUBSCRIBER_STATUS_WORDS[status] : '';
  return (
    <>
      <p className="mail-intro muted">{MAIL_TEXTS.subscribersIntro}</p>
      <div className="mail-controls card">
        <div className="field">
          <label htmlFor={filterId}>{MAIL_TEXTS.status}</label>
          <select id={filterId} value={status} onChange={(event) => setAddress({ status: event.target.value, cursor: '' })}>
            <option value="">{MAIL_TEXTS.allStatuses}</option>
            {SUBSCRIBER_STATUSES_IN_ORDER.map((each) => (
              <option key={each} value={each}>{SUBSCRIBER_STATUS_WORDS[each]}</option>
            ))}
          </select>
        </div>
        <a className="button button-secondary" href={subscribersExportHref(status)} download>
          {status ? MAIL_TEXTS.exportFiltered(statusWords) : MAIL_TEXTS.export}
        </a>
      </div>
      {canTag ? (
        <div className="mail-controls mail-tagging card" role="group" aria-label={MAIL_TEXTS.tags}>
          <div className="field">
            <label htmlFor={tagId}>{MAIL_TEXTS.tagToApply}</label>
            <input id={tagId} value={tag} maxLength={40} onChange={(event) => { setTag(event.target.value); setTagError(''); }}
              aria-invalid={Boolean(tagError)} aria-describedby={`${tagId}-help${tagError ? ` ${tagId}-error` : ''}`} />
            <p id={`${tagId}-help`} className="muted">{MAIL_TEXTS.tagHelp}</p>
            {tagError ? <p id={`${tagId}-error`} className="field-error">{tagError}</p> : null}
          </div>
          <p className="muted mail-tagging-chosen">{MAIL_TEXTS.chosen(chosen.size)}</p>
          <button type="button" className="button" disabled={chosen.size === 0 || tag.trim() === '' || tagging.isPending} onClick={() => applyTag('add')}>{MAIL_TEXTS.addTag}</button>
          <button type="button" className="button button-secondary" disabled={chosen.size === 0 || tag.trim() === '' || tagging.isPending} onClick={() => applyTag('remove')}>{MAIL_TEXTS.removeTag}</button>
          <p role="status">{outcome}</p>
        </div>
      ) : null}
      <ReadStates read={list} isEmpty={rows.length === 0} empty={<Empty title={status ? MAIL_TEXTS.noSubscribersWithStatus(statusWords) : MAIL_TEXTS.noSubscribers} />}>
        {() => (
          <div className="card mail-card" aria-busy={list.isFetching}>
            <table className="data-table mail-table stacks-on-phone">
              <caption className="visually-hidden">{MAIL_TEXTS.subscribersCaption(statusWords)}</caption>
              <thead>
                <tr>
                  {canTag ? (
                    <th scope="col">
                      <input type="checkbox" aria-label={MAIL_TEXTS.chooseAll} checked={allChosen}
                        onChange={() => setChosen(allChosen ? new Set() : new Set(rows.map((row) => row.email)))} />
                    </th>
                  ) : null}
                  <th scope="col">{MAIL_TEXTS.email}</th>
                  <th scope="col">{MAIL_TEXTS.status}</th>
                  <th scope="col">{MAIL_TEXTS.source}</th>
                  <th scope="col">{MAIL_TEXTS.tags}</th>
                  <th scope="col">{MAIL_TEXTS.language}</th>
                  <th scope="col">{MAIL_TEXTS.joined}</th>
                  <th scope="col">{MAIL_TEXTS.confirmed}</th>
                  <th scope="col">{MAIL_TEXTS.unsubscribedAt}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((subscriber) => (
                  <tr key={subscriber.email}>
                    {canTag ? (
                      <td>
                        <input type="checkbox" aria-label={MAIL_TEXTS.choose(subscriber.email)} checked={chosen.has(subscriber.email)} onChange={() => toggle(subscriber.email)} />
                      </td>
                    ) : null}
                    <th scope="row" data-label={MAIL_TEXTS.email} className="mail-address">{subscriber.email}</th>
                    <td data-label={MAIL_TEXTS.status}>
                      <span className={`mail-badge subscriber-${subscriber.status}`}>{SUBSCRIBER_STATUS_WORDS[subscriber.status]}</span>
                    </td>
                    <td data-label={MAIL_TEXTS.source}>{sourceWords(subscriber.source)}</td>
                    <td data-label={MAIL_TEXTS.tags}>{subscriber.tags?.length ? subscriber.tags.join(', ') : MAIL_TEXTS.noTags}</td>
                    <td data-label={MAIL_TEXTS.language}>{subscriber.language ?? '—'}</td>
                    <td data-label={MAIL_TEXTS.joined}><time dateTime={subscriber.createdAt}>{when(subscriber.createdAt)}</time></td>
                    <td data-label={MAIL_TEXTS.confirmed}>{subscriber.confirmedAt ? <time dateTime={subscriber.confirmedAt}>{when(subscriber.confirmedAt)}</time> : MAIL_TEXTS.never}</td>
                    <td data-label={MAIL_TEXTS.unsubscribedAt}>{subscriber.unsubscribedAt ? <time dateTime={subscriber.unsubscribedAt}>{when(subscriber.unsubscribedAt)}</time> : MAIL_TEXTS.never}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager cursor={address.cursor} nextCursor={list.data?.nextPageCursor} onPage={(cursor) => setAddress({ status, cursor })} />
          </div>
        )}
      </ReadStates>
    </>
  );
}
