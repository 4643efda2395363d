import { useQueryClient } from '@tanstack/react-query';
import { useState, type MutableRefObject } from 'react';
import { useBoot, useOwnerClient } from '../../api/client';
import { useConfirm } from '../../ui/confirm';
import { failureText } from '../../ui/messages';
import { useLocale } from '../../ui/locale';
import { whenText } from '../forms/format';
import { isoToLocalInput, localInputToIso } from '../settings/coupons/zoned-time';
import { contentKeys, keyOf, routesOf, send, type ContentTarget, type StatusChoice } from './content-api';
import type { ContentItem, ContentPage } from './content-types';
import { PAGES_TEXTS as T, STATUS_LABELS } from './texts';

type Content = ContentPage | ContentItem;

/**
 * Publishing: the status as the editor labels it, Publish (the draft becomes what visitors see), Schedule (a
 * date and time in the website's zone; a future one makes it 'Scheduled'), Unpublish, the status menu
 * (Draft, Needs Review, Private), Discard changes, and a link to the live page. The pending autosave is
 * sent first, so what is published is what is on screen.
 */
export function PublishBar({ target, content, readOnly, version, flush, onReplaced, dirty }: { target: ContentTarget; content: Content; readOnly: boolean; version: MutableRefObject<number>; flush: () => Promise<boolean>; onReplaced: (next: Content) => void; dirty: boolean }) {
  const client = useOwnerClient();
  const queryClient = useQueryClient();
  const { confirm } = useConfirm();
  const boot = useBoot();
  const locale = useLocale();
  const timeZone = boot.website.timeZone;
  const routes = routesOf(target);
  const params = { [routes.param]: content.id };
  const [scheduleAt, setScheduleAt] = useState(() => isoToLocalInput(content.publishAt, timeZone));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);

  const run = async (action: () => Promise<Content>, done: string, replacesBody = false) => {
    setBusy(true);
    setMessage(null);
    try {
      if (!(await flush())) return;
      const reply = await action();
      version.current = reply.version;
      queryClient.setQueryData(keyOf(target, content.id), reply);
      await Promise.all([queryClient.invalidateQueries({ queryKey: contentKeys.tree() }), queryClient.invalidateQueries({ queryKey: ['content', 'items'] }), queryClient.invalidateQueries({ queryKey: ['content', 'revisions'] })]);
      if (replacesBody) onReplaced(reply);
      setMessage({ kind: 'status', text: done });
    } catch (error) {
      setMessage({ kind: 'alert', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  };

  const publish = (publishAt?: string) =>
    run(() => send<Content>(client, routes.publish, { params, body: publishAt ? { version: version.current, publishAt } : { version: version.current } }), publishAt ? T.scheduledFor(whenText(publishAt, locale, timeZone)) : `${T.published}.`);
  const schedule = () => {
    const iso = localInputToIso(scheduleAt, timeZone);
    if (!iso) {
      setMessage({ kind: 'alert', text: 'Choose a date and time to schedule.' });
      return;
    }
    void publish(iso);
  };
  const unpublish = () => run(() => send<Content>(client, routes.unpublish, { params, body: { version: version.current } }), `${T.unpublish}: ${STATUS_LABELS.draft}.`);
  const setStatus = (status: StatusChoice) => run(() => send<Content>(client, routes.status, { params, body: { version: version.current, status } }), `${T.status}: ${T.statusChoices[status]}.`);
  const discard = async () => {
    const ok = await confirm({ title: T.discardTitle, message: T.discardMessage, confirmLabel: T.discard, destructive: true });
    if (ok) await run(() => send<Content>(client, routes.discard, { params, body: {} }), `${T.discard}: done.`, true);
  };

  const label = STATUS_LABELS[content.status];
  const live = content.status === 'published' || (content.status === 'scheduled' && content.publishAt !== null && Date.parse(content.publishAt) <= Date.now());
  const pendingChanges = content.hasDraft || dirty;
  return (
    <div className="pages-publish">
      <div className="pages-publish-state">
        <span className={`pages-status pages-status-${content.status}`}>{label ?? T.published}</span>
        {content.status === 'scheduled' && content.publishAt ? <span className="pages-muted">{T.scheduledFor(whenText(content.publishAt, locale, timeZone))}</span> : null}
        {pendingChanges && content.status !== 'draft' ? <span className="pages-muted">{T.hasDraft}</span> : null}
        {live && content.fullUrl ? (
          <a href={content.fullUrl} target="_blank" rel="noreferrer" className="pages-view-link">
            {T.viewPage}
          </a>
        ) : null}
      </div>
      {!readOnly ? (
        <div className="pages-publish-actions">
          <button type="button" className="button button-primary" disabled={busy || (content.status === 'published' && !pendingChanges)} onClick={() => void publish()}>
            {content.status === 'published' ? T.publishChanges : T.publish}
          </button>
          <details
            className="pages-more"
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || !event.currentTarget.open) return;
              event.currentTarget.open = false;
              event.currentTarget.querySelector('summary')?.focus();
            }}
          >
            <summary className="button button-secondary">More</summary>
            <div className="pages-more-panel">
              <div className="pages-schedule">
                <label className="pages-field">
                  <span>{T.scheduleAt}</span>
                  <input type="datetime-local" value={scheduleAt} onChange={(event) => setScheduleAt(event.target.value)} />
                </label>
                <button type="button" className="button button-secondary" disabled={busy} onClick={schedule}>
                  {T.schedule}
                </button>
              </div>
              <label className="pages-field">
                <span>{T.setStatus}</span>
                <select
                  value=""
                  disabled={busy}
                  onChange={(event) => {
                    if (event.target.value) void setStatus(event.target.value as StatusChoice);
                  }}
                >
                  <option value="">{T.status}…</option>
                  {(['draft', 'needs-review', 'private'] as const).map((status) => (
                    <option key={status} value={status}>
                      {T.statusChoices[status]}
                    </option>
                  ))}
                </select>
              </label>
              <div className="pages-inline-actions">
                {content.status === 'published' || content.status === 'scheduled' ? (
                  <button type="button" className="button button-secondary" disabled={busy} onClick={() => void unpublish()}>
                    {T.unpublish}
                  </button>
                ) : null}
                {content.hasDraft ? (
                  <button type="button" className="button button-secondary" disabled={busy} onClick={() => void discard()}>
                    {T.discard}
                  </button>
                ) : null}
              </div>
            </div>
          </details>
        </div>
      ) : null}
      {message ? (
        <p className={message.kind === 'alert' ? 'field-error' : 'pages-muted'} role={message.kind === 'alert' ? 'alert' : 'status'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
