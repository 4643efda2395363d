import type { MailStatus } from '@vitrine/contracts';
import { useId, type ReactNode } from 'react';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link, useSubPath } from '../../app/router';
import { Empty, Loading, LoadFailed, ReadStates } from '../../ui/states';
import { useMailMessage, useOutbox, type MailSummary } from './mail-api';
import { MAIL_STATUSES_IN_ORDER, readStatus, useListAddress, useWhen } from './mail-state';
import { Pager, Subscribers } from './Subscribers';
import { CAMPAIGN_TEXTS, MAIL_STATUS_HELP, MAIL_STATUS_WORDS, MAIL_TEXTS, TEMPLATE_TEXTS, templateWords } from './texts';
import { TemplateEditor, TemplatesList } from './Templates';
import { CampaignEditor, CampaignsList } from './Campaigns';
import './mail.css';

/**
 * Mail (issue 16): `/config/mail` the outbox — every message with its state in words, recipient, subject,
 * kind, times, attempts and last error, filtered by state, in cursor pages; `/config/mail/<mailId>` one message:
 * its headers, the HTML version in a sandboxed frame and the text version; `/config/mail/subscribers` the
 * newsletter list (a tab beside the outbox); `/config/mail/campaigns` newsletter campaigns (issue 38 item 4).
 */
export default function MailScreen() {
  const sub = useSubPath();
  if (sub[0] === 'campaigns' && sub.length <= 2) {
    return (
      <MailTabs current="campaigns">
        {sub.length === 2 ? <CampaignEditor campaignId={sub[1]!} /> : <CampaignsList />}
      </MailTabs>
    );
  }
  if (sub[0] === 'templates' && sub.length <= 2) {
    return (
      <MailTabs current="templates">
        {sub.length === 2 ? <TemplateEditor name={sub[1]!} /> : <TemplatesList />}
      </MailTabs>
    );
  }
  if (sub.length === 1 && sub[0] === 'subscribers') {
    return (
      <MailTabs current="subscribers">
        <Subscribers />
      </MailTabs>
    );
  }
  if (sub.length === 1) return <MessageView mailId={sub[0]!} />;
  if (sub.length > 1) return <MessageView mailId="" />;
  return (
    <MailTabs current="outbox">
      <Outbox />
    </MailTabs>
  );
}

/** The heading and the two views as links (each is an address: a reload or a shared link opens the same one). */
function MailTabs({ current, children }: { current: 'outbox' | 'subscribers' | 'templates' | 'campaigns'; children: ReactNode }) {
  const canReadSubscribers = useCan('forms:read');
  const canReadTemplates = useCan('store-settings:read');
  const canCampaigns = useCan('campaigns:manage');
  return (
    <section className="mail">
      <ScreenHeading>{MAIL_TEXTS.title}</ScreenHeading>
      {canReadSubscribers || canReadTemplates || canCampaigns || current !== 'outbox' ? (
        <nav className="screen-tabs" aria-label={MAIL_TEXTS.tabs}>
          <Link to="/config/mail" className="screen-tab" current={current === 'outbox'}>{MAIL_TEXTS.outbox}</Link>
          {canReadSubscribers || current === 'subscribers' ? <Link to="/config/mail/subscribers" className="screen-tab" current={current === 'subscribers'}>{MAIL_TEXTS.subscribers}</Link> : null}
          {canCampaigns || current === 'campaigns' ? <Link to="/config/mail/campaigns" className="screen-tab" current={current === 'campaigns'}>{CAMPAIGN_TEXTS.tab}</Link> : null}
          {canReadTemplates || current === 'templates' ? <Link to="/config/mail/templates" className="screen-tab" current={current === 'templates'}>{TEMPLATE_TEXTS.tab}</Link> : null}
        </nav>
      ) : null}
      {children}
    </section>
  );
}

export function StatusBadge({ status }: { status: MailStatus }) {
  return <span className={`mail-badge mail-${status}`}>{MAIL_STATUS_WORDS[status]}</span>;
}

function Outbox() {
  const [address, setAddress] = useListAddress();
  const status = readStatus(address.status, MAIL_STATUSES_IN_ORDER);
  const state = { status, cursor: address.cursor };
  const outbox = useOutbox(state);
  const when = useWhen();
  const filterId = useId();
  const messages = outbox.data?.messages ?? [];
  const statusWords = status ? MAIL_STATUS_WORDS[status] : '';
  return (
    <>
      <p className="mail-intro muted">{MAIL_TEXTS.outboxIntro}</p>
      <div className="mail-controls card">
        <div className="field">
          <label htmlFor={filterId}>{MAIL_TEXTS.status}</label>
          <select id={filterId} value={status} onChange={(event) => setAddress({ status: event.target.value, cursor: '' })}>
            <option value="">{MAIL_TEXTS.allStatuses}</option>
            {MAIL_STATUSES_IN_ORDER.map((each) => (
              <option key={each} value={each}>{MAIL_STATUS_WORDS[each]}</option>
            ))}
          </select>
        </div>
        <p className="mail-legend muted">{status ? `${MAIL_STATUS_WORDS[status]}: ${MAIL_STATUS_HELP[status]}.` : MAIL_TEXTS.legend}</p>
      </div>
      <ReadStates
        read={outbox}
        isEmpty={messages.length === 0}
        empty={
          <Empty title={status ? MAIL_TEXTS.noMailWithStatus(statusWords) : MAIL_TEXTS.noMail}>
            {status ? null : <p className="muted">{MAIL_TEXTS.noMailHelp}</p>}
          </Empty>
        }
      >
        {() => (
          <div className="card mail-card" aria-busy={outbox.isFetching}>
            <table className="data-table mail-table stacks-on-phone">
              <caption className="visually-hidden">{MAIL_TEXTS.outboxCaption(statusWords)}</caption>
              <thead>
                <tr>
                  <th scope="col">{MAIL_TEXTS.subject}</th>
                  <th scope="col">{MAIL_TEXTS.recipient}</th>
                  <th scope="col">{MAIL_TEXTS.status}</th>
                  <th scope="col">{MAIL_TEXTS.kind}</th>
                  <th scope="col">{MAIL_TEXTS.created}</th>
                  <th scope="col">{MAIL_TEXTS.sent}</th>
                  <th scope="col" className="numeric">{MAIL_TEXTS.attempts}</th>
                </tr>
              </thead>
              <tbody>
                {messages.map((message) => (
                  <OutboxRow key={message.id} message={message} when={when} />
                ))}
              </tbody>
            </table>
            <Pager cursor={address.cursor} nextCursor={outbox.data?.nextPageCursor} onPage={(cursor) => setAddress({ status, cursor })} />
          </div>
        )}
      </ReadStates>
    </>
  );
}

function OutboxRow({ message, when }: { message: MailSummary; when: (iso: string) => string }) {
  return (
    <tr>
      <th scope="row" data-label={MAIL_TEXTS.subject} className="mail-subject">
        <Link to={`/config/mail/${encodeURIComponent(message.id)}`}>{message.subject || MAIL_TEXTS.noSubject}</Link>
        <span className="mail-template">{templateWords(message.template)}</span>
      </th>
      <td data-label={MAIL_TEXTS.recipient} className="mail-address">{message.to}</td>
      <td data-label={MAIL_TEXTS.status}>
        <StatusBadge status={message.status} />
        {message.lastError ? <span className="mail-error">{`${MAIL_TEXTS.lastError}: ${message.lastError}`}</span> : null}
      </td>
      <td data-label={MAIL_TEXTS.kind}>{MAIL_TEXTS.kinds[message.kind] ?? message.kind}</td>
      <td data-label={MAIL_TEXTS.created}><time dateTime={message.createdAt}>{when(message.createdAt)}</time></td>
      <td data-label={MAIL_TEXTS.sent}>{message.sentAt ? <time dateTime={message.sentAt}>{when(message.sentAt)}</time> : MAIL_TEXTS.never}</td>
      <td data-label={MAIL_TEXTS.attempts} className="numeric">{message.attempts}</td>
    </tr>
  );
}

/**
 * One message. The HTML version is shown in `<iframe sandbox="" srcdoc>`: an empty sandbox runs no script,
 * submits no form, opens no link or pop-up, and gives the document an opaque origin (it cannot read the app's
 * cookies or call the API). A srcdoc document fetches nothing and inherits the app's CSP (default-src 'self',
 * img-src 'self'), so a remote picture or tracking pixel does not load either; the mail's inline `style`
 * attributes are allowed by style-src-attr. frame-src falls back to default-src 'self', which does not apply
 * to about:srcdoc. The text version is beside it, as sent.
 */
function MessageView({ mailId }: { mailId: string }) {
  const message = useMailMessage(mailId);
  const when = useWhen();
  const id = useId();
  const data = message.data;
  const subject = data ? data.subject || MAIL_TEXTS.noSubject : MAIL_TEXTS.title;
  return (
    <section className="mail mail-message">
      <p className="mail-back">
        <Link to="/config/mail">
          <span aria-hidden="true">← </span>
          {MAIL_TEXTS.back}
        </Link>
      </p>
      <ScreenHeading>{subject}</ScreenHeading>
      {!mailId ? (
        <Empty title={MAIL_TEXTS.noSuchMessage} />
      ) : message.isPending ? (
        <Loading />
      ) : message.isError || !data ? (
        <LoadFailed error={message.error} retry={() => void message.refetch()} />
      ) : (
        <>
          <div className="card mail-headers">
            <dl>
              <div><dt>{MAIL_TEXTS.status}</dt><dd><StatusBadge status={data.status} /></dd></div>
              <div><dt>{MAIL_TEXTS.from}</dt><dd className="mail-address">{data.from}</dd></div>
              <div><dt>{MAIL_TEXTS.to}</dt><dd className="mail-address">{data.to}</dd></div>
              <div><dt>{MAIL_TEXTS.subject}</dt><dd>{data.subject || MAIL_TEXTS.noSubject}</dd></div>
              <div><dt>{MAIL_TEXTS.kind}</dt><dd>{MAIL_TEXTS.kinds[data.kind] ?? data.kind}</dd></div>
              <div><dt>{MAIL_TEXTS.template}</dt><dd>{templateWords(data.template)}</dd></div>
              <div><dt>{MAIL_TEXTS.created}</dt><dd><time dateTime={data.createdAt}>{when(data.createdAt)}</time></dd></div>
              <div><dt>{MAIL_TEXTS.sent}</dt><dd>{data.sentAt ? <time dateTime={data.sentAt}>{when(data.sentAt)}</time> : MAIL_TEXTS.never}</dd></div>
              <div><dt>{MAIL_TEXTS.attempts}</dt><dd>{data.attempts}</dd></div>
              {data.lastError ? <div><dt>{MAIL_TEXTS.lastError}</dt><dd className="mail-error">{data.lastError}</dd></div> : null}
            </dl>
          </div>
          <section className="card mail-body" aria-labelledby={`${id}-html`}>
            <h2 id={`${id}-html`}>{MAIL_TEXTS.htmlVersion}</h2>
            <p className="muted mail-note">{MAIL_TEXTS.htmlNote}</p>
            <iframe className="mail-frame" sandbox="" srcDoc={data.html} title={MAIL_TEXTS.htmlFrame(data.subject || MAIL_TEXTS.noSubject)} referrerPolicy="no-referrer" />
          </section>
          <section className="card mail-body" aria-labelledby={`${id}-text`}>
            <h2 id={`${id}-text`}>{MAIL_TEXTS.textVersion}</h2>
            <pre className="mail-text">{data.text}</pre>
          </section>
        </>
      )}
    </section>
  );
}
