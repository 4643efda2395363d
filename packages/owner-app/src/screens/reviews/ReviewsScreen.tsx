import { formatDate } from '@vitrine/format/dates';
import { useId, useState } from 'react';
import { useBoot } from '../../api/client';
import { useCan } from '../../api/hooks';
import { ScreenHeading } from '../../app/ScreenHeading';
import { Link } from '../../app/router';
import { useLocale } from '../../ui/locale';
import { failureText } from '../../ui/messages';
import { Empty, OutcomeLine, ReadStates, type Outcome } from '../../ui/states';
import { REVIEW_STATUSES_IN_ORDER, useModerateReview, useReplyToReview, useReviewList, type OwnerReview } from './reviews-api';
import { useReviewAddress } from './reviews-state';
import { REVIEW_STATUS_WORDS, REVIEW_TEXTS } from './texts';
import './reviews.css';

/** The stars of a rating, drawn as text; the words are the label. */
function Stars({ rating }: { rating: number }) {
  return (
    <span className="review-stars" role="img" aria-label={REVIEW_TEXTS.rated(rating)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <span key={star} className={star <= rating ? 'star-filled' : 'star-empty'} aria-hidden="true">★</span>
      ))}
    </span>
  );
}

/** The reply form under one review, opened by its Reply button. */
function ReplyForm({ review, onDone, onCancel }: { review: OwnerReview; onDone: (outcome: Outcome) => void; onCancel: () => void }) {
  const [text, setText] = useState(review.reply ?? '');
  const reply = useReplyToReview();
  const fieldId = useId();
  return (
    <form
      className="review-reply-form"
      onSubmit={(event) => {
        event.preventDefault();
        reply.mutate(
          { reviewId: review.id, reply: text },
          {
            onSuccess: () => onDone({ kind: 'done', text: REVIEW_TEXTS.replied(review.title) }),
            onError: (error) => onDone({ kind: 'refused', text: failureText(error) }),
          },
        );
      }}
    >
      <div className="field">
        <label htmlFor={fieldId}>{REVIEW_TEXTS.yourReply}</label>
        <textarea id={fieldId} rows={3} maxLength={2000} value={text} onChange={(event) => setText(event.target.value)} autoFocus />
      </div>
      <div className="review-actions">
        <button type="submit" className="button button-primary" disabled={reply.isPending}>{REVIEW_TEXTS.saveReply}</button>
        <button type="button" className="button button-secondary" onClick={onCancel}>{REVIEW_TEXTS.cancel}</button>
      </div>
    </form>
  );
}

/**
 * The Reviews screen (`/config/reviews`): product reviews newest first, the moderation queue (waiting for approval)
 * by default, filtered by status with the server's cursor pages in the address; Approve, Hide and Reply on each.
 */
export default function ReviewsScreen() {
  const mayModerate = useCan('reviews:moderate');
  const [address, setAddress] = useReviewAddress();
  const list = useReviewList(address, { enabled: mayModerate });
  const moderate = useModerateReview();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [replying, setReplying] = useState<string | null>(null);
  const boot = useBoot();
  const locale = useLocale();
  const filterId = useId();

  if (!mayModerate) {
    return (
      <>
        <ScreenHeading>{REVIEW_TEXTS.title}</ScreenHeading>
        <Empty title={REVIEW_TEXTS.notAllowed}>
          <p>{REVIEW_TEXTS.notAllowedHelp}</p>
        </Empty>
      </>
    );
  }

  const day = (ms: number) => formatDate(ms, { locale, timeZone: boot.website.timeZone, dateStyle: 'medium' });
  const statusWords = address.status ? REVIEW_STATUS_WORDS[address.status] : '';
  const rows = list.data?.reviews ?? [];
  const move = (review: OwnerReview, to: 'approved' | 'hidden') =>
    moderate.mutate(
      { reviewId: review.id, to },
      {
        onSuccess: (reply) => setOutcome({ kind: 'done', text: reply.changed ? REVIEW_TEXTS[to](review.title) : REVIEW_TEXTS.unchanged(review.title) }),
        onError: (error) => setOutcome({ kind: 'refused', text: failureText(error) }),
      },
    );

  return (
    <>
      <ScreenHeading>{REVIEW_TEXTS.title}</ScreenHeading>
      <p className="reviews-intro muted">{REVIEW_TEXTS.intro}</p>
      <div className="reviews-controls card">
        <div className="field">
          <label htmlFor={filterId}>{REVIEW_TEXTS.show}</label>
          <select id={filterId} value={address.status || 'all'} onChange={(event) => setAddress({ status: event.target.value === 'all' ? '' : (event.target.value as typeof address.status), cursor: '' })}>
            {REVIEW_STATUSES_IN_ORDER.map((status) => (
              <option key={status} value={status}>{REVIEW_STATUS_WORDS[status]}</option>
            ))}
            <option value="all">{REVIEW_TEXTS.all}</option>
          </select>
        </div>
      </div>
      <OutcomeLine outcome={outcome} className="reviews-outcome" />
      <ReadStates
        read={list}
        isEmpty={rows.length === 0}
        empty={
          <Empty title={REVIEW_TEXTS.none(statusWords)}>
            <p className="muted">{REVIEW_TEXTS.noneHelp}</p>
          </Empty>
        }
      >
        {() => (
          <section aria-label={REVIEW_TEXTS.listLabel(statusWords)} aria-busy={list.isFetching}>
            <ul className="reviews-list">
              {rows.map((review) => (
                <li key={review.id} className="card review-card">
                  <article aria-labelledby={`review-${review.id}`}>
                    <div className="review-card-head">
                      <h2 id={`review-${review.id}`} className="review-card-title">{review.title}</h2>
                      <span className={`review-badge review-${review.status}`}>{REVIEW_STATUS_WORDS[review.status]}</span>
                    </div>
                    <p className="review-card-meta">
                      <Stars rating={review.rating} /> <span>{review.productName}</span> · <span>{REVIEW_TEXTS.by(review.reviewerName)}</span> · <span>{day(review.created)}</span>
                    </p>
                    <p className="review-card-body">{review.body}</p>
                    <p className="review-card-source muted">
                      {review.source === 'buyer' && review.orderId ? (
                        <Link to={`/config/orders/${encodeURIComponent(review.orderId)}`}>{REVIEW_TEXTS.verified(review.orderNumber)}</Link>
                      ) : (
                        REVIEW_TEXTS.imported
                      )}
                    </p>
                    {review.reply && replying !== review.id ? (
                      <div className="review-card-reply">
                        <p className="review-card-reply-by">{REVIEW_TEXTS.replyFrom}</p>
                        <p>{review.reply}</p>
                      </div>
                    ) : null}
                    {replying === review.id ? (
                      <ReplyForm
                        review={review}
                        onCancel={() => setReplying(null)}
                        onDone={(done) => {
                          setOutcome(done);
                          if (done?.kind === 'done') setReplying(null);
                        }}
                      />
                    ) : (
                      <div className="review-actions">
                        {review.status !== 'approved' ? (
                          <button type="button" className="button button-primary" aria-label={REVIEW_TEXTS.approveNamed(review.title)} disabled={moderate.isPending} onClick={() => move(review, 'approved')}>
                            {REVIEW_TEXTS.approve}
                          </button>
                        ) : null}
                        {review.status !== 'hidden' ? (
                          <button type="button" className="button button-secondary" aria-label={REVIEW_TEXTS.hideNamed(review.title)} disabled={moderate.isPending} onClick={() => move(review, 'hidden')}>
                            {REVIEW_TEXTS.hide}
                          </button>
                        ) : null}
                        <button type="button" className="button button-secondary" aria-label={REVIEW_TEXTS.replyNamed(review.title)} onClick={() => setReplying(review.id)}>
                          {review.reply ? REVIEW_TEXTS.editReply : REVIEW_TEXTS.reply}
                        </button>
                      </div>
                    )}
                  </article>
                </li>
              ))}
            </ul>
            {address.cursor || list.data?.nextCursor ? (
              <nav className="reviews-pages" aria-label={REVIEW_TEXTS.pages}>
                {address.cursor ? (
                  <button type="button" className="button button-secondary" onClick={() => setAddress({ status: address.status, cursor: '' })}>
                    {REVIEW_TEXTS.firstPage}
                  </button>
                ) : null}
                {list.data?.nextCursor ? (
                  <button type="button" className="button button-secondary" onClick={() => setAddress({ status: address.status, cursor: list.data!.nextCursor! })}>
                    {REVIEW_TEXTS.nextPage}
                  </button>
                ) : null}
              </nav>
            ) : null}
          </section>
        )}
      </ReadStates>
    </>
  );
}
