import { useEffect, useId, useRef, useState, type FormEvent, type ReactElement } from 'react';
import { HONEYPOT_FIELD_NAME } from '@vitrine/forms';
import { postComment, setLiked } from '../api/comments';
import { ApiError } from '../api/http';
import { readSiteUserInfo } from '../api/site-user-info';
import { CaptchaWidget, useCaptchaController, useCaptchaSolved } from '../captcha/CaptchaWidget';
import { visuallyHidden } from '../ui/styles';
import type { CommentsProps } from './Comments';

const TRY_AGAIN = 'Your comment could not be sent. Please try again.';
const CAPTCHA_INCOMPLETE = 'Complete CAPTCHA before submitting.';

/** The like button or the comment form (Comments.tsx), loaded on post pages only. */
export function CommentsView(props: CommentsProps) {
  return props.part === 'like' ? <LikeButton {...props} /> : <CommentForm {...props} />;
}

const likedKey = (itemId: string) => `vitrine:liked:${itemId}`;

function storedLiked(itemId: string): boolean {
  try {
    return globalThis.localStorage?.getItem(likedKey(itemId)) === '1';
  } catch {
    return false;
  }
}

function storeLiked(itemId: string, liked: boolean): void {
  try {
    if (liked) globalThis.localStorage?.setItem(likedKey(itemId), '1');
    else globalThis.localStorage?.removeItem(likedKey(itemId));
  } catch {
    // storage blocked: the server still counts one like per visitor
  }
}

/**
 * One like per visitor: the server counts it once (per analytics id or account); this browser remembers its own
 * like so the button reads as pressed and a second press takes it back.
 */
function LikeButton({ itemId, likeCount, postTitle }: Extract<CommentsProps, { part: 'like' }>) {
  const [count, setCount] = useState(likeCount);
  const [liked, setLikedState] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => setLikedState(storedLiked(itemId)), [itemId]);

  const toggle = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const answer = await setLiked(itemId, !liked);
      setCount(answer.likeCount);
      setLikedState(answer.liked);
      storeLiked(itemId, answer.liked);
    } catch (caught) {
      setProblem(caught instanceof ApiError ? caught.message : TRY_AGAIN);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="post-like">
      <button type="button" className="post-like-button" aria-pressed={liked} aria-busy={busy || undefined} onClick={() => void toggle()}>
        <span aria-hidden="true" className="post-like-icon">{liked ? '♥' : '♡'}</span> Like<span style={visuallyHidden}> “{postTitle}”</span>
        <span className="post-like-count">
          {count}
          <span style={visuallyHidden}>{count === 1 ? ' like' : ' likes'}</span>
        </span>
      </button>
      <p className="post-like-problem" role="alert">{problem}</p>
    </div>
  );
}

interface ReplyTarget {
  id: string;
  name: string;
}

function CommentForm({ itemId, captcha }: Extract<CommentsProps, { part: 'form' }>) {
  const id = useId();
  const [signedIn, setSignedIn] = useState(false);
  const [live, setLive] = useState(false);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const challenge = useCaptchaController(captcha);
  // Solved: 'Complete CAPTCHA before submitting.' goes; any other message stays until the next submit.
  useCaptchaSolved(challenge, () => setGeneral((shown) => (shown === CAPTCHA_INCOMPLETE ? null : shown)));
  const formRef = useRef<HTMLFormElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    setSignedIn(readSiteUserInfo()?.authenticated === true);
    setLive(true);
    // The thread's Reply links (server HTML) name the comment answered; without this script they only jump here.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('[data-reply-to]');
      if (!link) return;
      event.preventDefault();
      setReplyTo({ id: link.getAttribute('data-reply-to') ?? '', name: link.getAttribute('data-reply-name') ?? '' });
      setDone(null);
      bodyRef.current?.focus();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const captchaKey = challenge ? challenge.currentToken : null;
    if (challenge && !captchaKey) {
      setGeneral(CAPTCHA_INCOMPLETE);
      return;
    }
    setSending(true);
    setErrors({});
    setGeneral(null);
    try {
      const answer = await postComment(itemId, {
        body: String(data.get('body') ?? ''),
        ...(replyTo ? { parentId: replyTo.id } : {}),
        ...(signedIn ? {} : { authorName: String(data.get('authorName') ?? ''), authorEmail: String(data.get('authorEmail') ?? '') }),
        ...(captchaKey ? { captchaKey } : {}),
        honeypot: honeypotRef.current?.value ?? '',
      });
      formRef.current?.reset();
      setReplyTo(null);
      challenge?.reset();
      setDone(answer.message);
    } catch (caught) {
      challenge?.reset();
      if (caught instanceof ApiError) {
        setErrors(caught.fieldErrors);
        const fieldNames = ['body', 'authorName', 'authorEmail'];
        const onFields = Object.keys(caught.fieldErrors).some((field) => fieldNames.includes(field));
        setGeneral(onFields ? null : caught.message);
        const first = fieldNames.find((field) => caught.fieldErrors[field]);
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      } else {
        setGeneral(TRY_AGAIN);
      }
    } finally {
      setSending(false);
    }
  };

  const field = (name: 'authorName' | 'authorEmail' | 'body', label: string, input: (props: Record<string, unknown>) => ReactElement) => {
    const error = errors[name];
    const inputId = `${id}-${name}`;
    return (
      <div className="comment-form-field">
        <label htmlFor={inputId}>{label}</label>
        {input({ id: inputId, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${inputId}-error` : undefined })}
        {error ? <p id={`${inputId}-error`} className="comment-form-error">{error}</p> : null}
      </div>
    );
  };

  return (
    <div className="comment-form-wrap" id="comment-form">
      <h3 id={`${id}-title`} className="comment-form-title">{replyTo ? `Reply to ${replyTo.name}` : 'Leave a comment'}</h3>
      {done ? (
        <p ref={doneRef} className="comment-form-done" role="status" tabIndex={-1}>{done}</p>
      ) : null}
      <form ref={formRef} className="comment-form" noValidate aria-labelledby={`${id}-title`} aria-busy={sending || undefined} onSubmit={(event) => void submit(event)}>
        <div className="comment-form-alert" role="alert">{general ? <p className="comment-form-error">{general}</p> : null}</div>
        {replyTo ? (
          <p className="comment-form-replying">
            Replying to {replyTo.name}.{' '}
            <button type="button" className="link-button" onClick={() => setReplyTo(null)}>Cancel reply</button>
          </p>
        ) : null}
        {signedIn ? null : (
          <div className="comment-form-row">
            {field('authorName', 'Name', (p) => <input type="text" autoComplete="name" maxLength={80} required {...p} />)}
            {field('authorEmail', 'Email (never shown)', (p) => <input type="email" autoComplete="email" required {...p} />)}
          </div>
        )}
        {field('body', 'Comment', (p) => <textarea ref={bodyRef} rows={5} maxLength={4000} required {...p} />)}
        {/* The honeypot (as site forms): people never see it or reach it; form-filling bots fill it in. */}
        <div aria-hidden="true" style={visuallyHidden}>
          <label>
            Leave this empty
            <input type="text" name={HONEYPOT_FIELD_NAME} ref={honeypotRef} tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        {challenge ? <CaptchaWidget controller={challenge} /> : null}
        <button type="submit" className="button comment-form-submit" disabled={!live || undefined} aria-disabled={sending || undefined}>
          {sending ? 'Posting…' : 'Post comment'}
        </button>
      </form>
    </div>
  );
}
