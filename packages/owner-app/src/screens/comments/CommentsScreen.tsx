import { formatDate } from '@vitrine/format/dates';
import type { CommentStatus } from '@vitrine/contracts';
import { useId, useState } from 'react';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { useConfirm } from '../../ui/confirm';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Empty, OutcomeLine, ReadStates, type Outcome } from '../../ui/states';
import {
  COMMENT_STATUSES_IN_ORDER, useCommentList, useCommentSettings, useDeleteComment, useReplyToComment, useSetCommentStatus, useUpdateCommentSettings, type OwnerComment,
} from './comments-api';
import { COMMENT_STATUS_WORDS, COMMENT_TEXTS } from './texts';
import './comments.css';

/** The site's comment switches (website settings commentsEnabled, simpleLikingEnabled); changing them needs site:write. */
function CommentSettings({ onOutcome }: { onOutcome: (outcome: Outcome) => void }) {
  const settings = useCommentSettings();
  const update = useUpdateCommentSettings();
  const mayChange = useCan('site:write');
  if (!settings.data) return null;
  const change = (body: { commentsEnabled?: boolean; simpleLikingEnabled?: boolean }) =>
    update.mutate(body, { onSuccess: () => onOutcome({ kind: 'done', text: COMMENT_TEXTS.saved }), onError: (error) => onOutcome({ kind: 'refused', text: failureText(error) }) });
  return (
    <section className="comments-settings card" aria-labelledby="comment-settings-title">
      <h2 id="comment-settings-title">{COMMENT_TEXTS.settings}</h2>
      <label>
        <input type="checkbox" checked={settings.data.commentsEnabled} disabled={!mayChange || update.isPending} onChange={(event) => change({ commentsEnabled: event.target.checked })} />
        {COMMENT_TEXTS.commentsEnabled}
      </label>
      <p className="muted">{COMMENT_TEXTS.commentsEnabledHelp}</p>
      <label>
        <input type="checkbox" checked={settings.data.simpleLikingEnabled} disabled={!mayChange || update.isPending} onChange={(event) => change({ simpleLikingEnabled: event.target.checked })} />
        {COMMENT_TEXTS.likingEnabled}
      </label>
      {settings.data.disqusShortname ? <p className="muted">{COMMENT_TEXTS.disqus}</p> : null}
    </section>
  );
}

function ReplyForm({ comment, onDone, onCancel }: { comment: OwnerComment; onDone: (outcome: Outcome) => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const reply = useReplyToComment();
  const fieldId = useId();
  return (
    <form
      className="comment-reply-form"
      onSubmit={(event) => {
        event.preventDefault();
        reply.mutate(
          { commentId: comment.id, body: text },
          { onSuccess: () => onDone({ kind: 'done', text: COMMENT_TEXTS.replied(comment.authorName) }), onError: (error) => onDone({ kind: 'refused', text: failureText(error) }) },
        );
      }}
    >
      <div className="field">
        <label htmlFor={fieldId}>{COMMENT_TEXTS.yourReply}</label>
        <textarea id={fieldId} rows={3} maxLength={4000} value={text} onChange={(event) => setText(event.target.value)} autoFocus />
      </div>
      <div className="comment-actions">
        <button type="submit" className="button" disabled={reply.isPending}>{COMMENT_TEXTS.sendReply}</button>
        <button type="button" className="button button-secondary" onClick={onCancel}>{COMMENT_TEXTS.cancel}</button>
      </div>
    </form>
  );
}

const OUTCOME_OF: Record<CommentStatus, (name: string) => string> = {
  approved: COMMENT_TEXTS.approved, hidden: COMMENT_TEXTS.hidden, spam: COMMENT_TEXTS.spammed, pending: COMMENT_TEXTS.pendingAgain,
};

/**
 * The Comments screen (`/config/comments`): comments on the site's posts newest first, the moderation queue (waiting
 * for approval) by default, filtered by status; Approve, Hide, Mark as spam, Reply and Delete on each; the site's
 * comment switches above.
 */
export default function CommentsScreen() {
  const mayModerate = useCan('comments:moderate');
  const [status, setStatus] = useState<CommentStatus | ''>('pending');
  const [cursor, setCursor] = useState('');
  const list = useCommentList(status, cursor);
  const setCommentStatus = useSetCommentStatus();
  const remove = useDeleteComment();
  const { confirm } = useConfirm();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [replying, setReplying] = useState<string | null>(null);
  const boot = useBoot();
  const locale = useLocale();
  const filterId = useId();

  if (!mayModerate) {
    return (
      <>
        <ScreenHeading>{COMMENT_TEXTS.title}</ScreenHeading>
        <Empty title={COMMENT_TEXTS.notAllowed}>
          <p>{COMMENT_TEXTS.notAllowedHelp}</p>
        </Empty>
      </>
    );
  }

  const day = (iso: string) => formatDate(Date.parse(iso), { locale, timeZone: boot.website.timeZone, dateStyle: 'medium' });
  const statusWords = status ? COMMENT_STATUS_WORDS[status] : '';
  const rows = list.data?.comments ?? [];
  const counts = list.data?.counts;
  const move = (comment: OwnerComment, to: CommentStatus) =>
    setCommentStatus.mutate(
      { commentId: comment.id, status: to },
      { onSuccess: () => setOutcome({ kind: 'done', text: OUTCOME_OF[to](comment.authorName) }), onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }) },
    );
  const askToDelete = async (comment: OwnerComment) => {
    if (!(await confirm({ title: COMMENT_TEXTS.named(COMMENT_TEXTS.remove, comment.authorName), message: COMMENT_TEXTS.confirmDelete(comment.authorName), confirmLabel: COMMENT_TEXTS.remove, destructive: true }))) return;
    remove.mutate({ commentId: comment.id }, { onSuccess: () => setOutcome({ kind: 'done', text: COMMENT_TEXTS.deleted(comment.authorName) }), onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }) });
  };
  const busy = setCommentStatus.isPending || remove.isPending;

  return (
    <>
      <ScreenHeading>{COMMENT_TEXTS.title}</ScreenHeading>
      <p className="comments-intro muted">{COMMENT_TEXTS.intro}</p>
      <CommentSettings onOutcome={setOutcome} />
      <div className="comments-controls card">
        <div className="field">
          <label htmlFor={filterId}>{COMMENT_TEXTS.show}</label>
          <select
            id={filterId}
            value={status || 'all'}
            onChange={(event) => {
              setStatus(event.target.value === 'all' ? '' : (event.target.value as CommentStatus));
              setCursor('');
            }}
          >
            {COMMENT_STATUSES_IN_ORDER.map((value) => (
              <option key={value} value={value}>{`${COMMENT_STATUS_WORDS[value]}${counts ? ` (${counts[value]})` : ''}`}</option>
            ))}
            <option value="all">{COMMENT_TEXTS.all}</option>
          </select>
        </div>
      </div>
      <OutcomeLine outcome={outcome} className="comments-outcome" />
      <ReadStates
        read={list}
        isEmpty={rows.length === 0}
        empty={
          <Empty title={COMMENT_TEXTS.none(statusWords)}>
            <p className="muted">{COMMENT_TEXTS.noneHelp}</p>
          </Empty>
        }
      >
        {() => (
          <section aria-label={COMMENT_TEXTS.listLabel(statusWords)} aria-busy={list.isFetching}>
            <ul className="comments-list">
              {rows.map((comment) => (
                <li key={comment.id} className="card comment-card">
                  <article aria-labelledby={`comment-${comment.id}`}>
                    <div className="comment-card-head">
                      <h2 id={`comment-${comment.id}`} className="comment-card-title">{comment.authorName}</h2>
                      <span className={`comment-badge comment-${comment.status}`}>{COMMENT_STATUS_WORDS[comment.status]}</span>
                    </div>
                    <p className="comment-card-meta muted">
                      {comment.byOwner ? COMMENT_TEXTS.ownerReply : comment.authorEmail}
                      {comment.signedIn && !comment.byOwner ? ` (${COMMENT_TEXTS.signedIn})` : ''} · <a href={comment.postUrl} target="_blank" rel="noreferrer">{COMMENT_TEXTS.on(comment.postTitle)}</a> · {day(comment.createdAt)}
                    </p>
                    <p className="comment-card-body">{comment.body}</p>
                    {replying === comment.id ? (
                      <ReplyForm
                        comment={comment}
                        onCancel={() => setReplying(null)}
                        onDone={(done) => {
                          setOutcome(done);
                          if (done?.kind === 'done') setReplying(null);
                        }}
                      />
                    ) : (
                      <div className="comment-actions">
                        {comment.status !== 'approved' ? (
                          <button type="button" className="button" aria-label={COMMENT_TEXTS.named(COMMENT_TEXTS.approve, comment.authorName)} disabled={busy} onClick={() => move(comment, 'approved')}>
                            {COMMENT_TEXTS.approve}
                          </button>
                        ) : (
                          <button type="button" className="button button-secondary" aria-label={`${COMMENT_TEXTS.reply} to ${comment.authorName}`} onClick={() => setReplying(comment.id)}>
                            {COMMENT_TEXTS.reply}
                          </button>
                        )}
                        {comment.status !== 'hidden' ? (
                          <button type="button" className="button button-secondary" aria-label={COMMENT_TEXTS.named(COMMENT_TEXTS.hide, comment.authorName)} disabled={busy} onClick={() => move(comment, 'hidden')}>
                            {COMMENT_TEXTS.hide}
                          </button>
                        ) : null}
                        {comment.status !== 'spam' && !comment.byOwner ? (
                          <button type="button" className="button button-secondary" aria-label={`Mark the comment by ${comment.authorName} as spam`} disabled={busy} onClick={() => move(comment, 'spam')}>
                            {COMMENT_TEXTS.spam}
                          </button>
                        ) : null}
                        <button type="button" className="button button-secondary" aria-label={COMMENT_TEXTS.named(COMMENT_TEXTS.remove, comment.authorName)} disabled={busy} onClick={() => void askToDelete(comment)}>
                          {COMMENT_TEXTS.remove}
                        </button>
                      </div>
                    )}
                  </article>
                </li>
              ))}
            </ul>
            {cursor || list.data?.nextPageCursor ? (
              <nav className="comments-pages" aria-label={COMMENT_TEXTS.pages}>
                {cursor ? <button type="button" className="button button-secondary" onClick={() => setCursor('')}>{COMMENT_TEXTS.firstPage}</button> : null}
                {list.data?.nextPageCursor ? (
                  <button type="button" className="button button-secondary" onClick={() => setCursor(list.data!.nextPageCursor!)}>{COMMENT_TEXTS.nextPage}</button>
                ) : null}
              </nav>
            ) : null}
          </section>
        )}
      </ReadStates>
    </>
  );
}
