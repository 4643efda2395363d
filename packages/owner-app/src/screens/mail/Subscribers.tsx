import { useId } from 'react';
import { useCan } from '../../api/hooks';
import { Empty, ReadStates } from '../../ui/states';
import { subscribersExportHref, useSubscribers } from './mail-api';
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
  if (!allowed) {
    return (
      <Empty title={MAIL_TEXTS.notAllowed}>
        <p className="muted">{MAIL_TEXTS.notAllowedHelp}</p>
      </Empty>
    );
  }
  const rows = list.data?.subscribers ?? [];
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
      <ReadStates read={list} isEmpty={rows.length === 0} empty={<Empty title={status ? MAIL_TEXTS.noSubscribersWithStatus(statusWords) : MAIL_TEXTS.noSubscribers} />}>
        {() => (
          <div className="card mail-card" aria-busy={list.isFetching}>
            <table className="data-table mail-table stacks-on-phone">
              <caption className="visually-hidden">{MAIL_TEXTS.subscribersCaption(statusWords)}</caption>
              <thead>
                <tr>
                  <th scope="col">{MAIL_TEXTS.email}</th>
                  <th scope="col">{MAIL_TEXTS.status}</th>
                  <th scope="col">{MAIL_TEXTS.source}</th>
                  <th scope="col">{MAIL_TEXTS.joined}</th>
                  <th scope="col">{MAIL_TEXTS.confirmed}</th>
                  <th scope="col">{MAIL_TEXTS.unsubscribedAt}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((subscriber) => (
                  <tr key={subscriber.email}>
                    <th scope="row" data-label={MAIL_TEXTS.email} className="mail-address">{subscriber.email}</th>
                    <td data-label={MAIL_TEXTS.status}>
                      <span className={`mail-badge subscriber-${subscriber.status}`}>{SUBSCRIBER_STATUS_WORDS[subscriber.status]}</span>
                    </td>
                    <td data-label={MAIL_TEXTS.source}>{sourceWords(subscriber.source)}</td>
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
