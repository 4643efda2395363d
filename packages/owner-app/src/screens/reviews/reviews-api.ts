import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  approveReviewContract,
  hideReviewContract,
  ListOwnerReviewsReply,
  listOwnerReviewsContract,
  ModerateReviewReply,
  replyToReviewContract,
  ReviewStatusName,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Reviews screen's calls, typed from their contracts (type-only imports keep TypeBox out of the bundle). */
export const REVIEW_ROUTES = {
  list: callRoute<typeof listOwnerReviewsContract>('GET', '/api/owner/reviews'),
  approve: callRoute<typeof approveReviewContract>('POST', '/api/owner/reviews/:reviewId/approve'),
  hide: callRoute<typeof hideReviewContract>('POST', '/api/owner/reviews/:reviewId/hide'),
  reply: callRoute<typeof replyToReviewContract>('PUT', '/api/owner/reviews/:reviewId/reply'),
} as const;

export type OwnerReview = ListOwnerReviewsReply['reviews'][number];

/** The contract's statuses in the filter's order: the moderation queue first. */
export const REVIEW_STATUSES_IN_ORDER: readonly ReviewStatusName[] = ['pending', 'approved', 'hidden'];

export interface ReviewListState {
  /** '' = every status. */
  status: ReviewStatusName | '';
  cursor: string;
}

export const reviewKeys = {
  all: ['reviews'] as const,
  list: (state: ReviewListState) => ['reviews', 'list', state.status, state.cursor] as const,
};

export function useReviewList(state: ReviewListState, options: { enabled: boolean }) {
  const client = useOwnerClient();
  return useQuery<ListOwnerReviewsReply>({
    queryKey: reviewKeys.list(state),
    queryFn: () =>
      client.call(REVIEW_ROUTES.list, {
        query: { ...(state.status ? { status: state.status } : {}), ...(state.cursor ? { cursor: state.cursor } : {}) },
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

/** Approves or hides one review; every list page refetches. */
export function useModerateReview() {
  const client = useOwnerClient();
  return useOwnerMutation<{ reviewId: string; to: 'approved' | 'hidden' }, ModerateReviewReply>({
    mutationFn: ({ reviewId, to }) => client.call(to === 'approved' ? REVIEW_ROUTES.approve : REVIEW_ROUTES.hide, { params: { reviewId } }),
    invalidates: [reviewKeys.all],
  });
}

/** Sets (or with '' removes) the store's reply under a review. */
export function useReplyToReview() {
  const client = useOwnerClient();
  return useOwnerMutation<{ reviewId: string; reply: string }, ModerateReviewReply>({
    mutationFn: ({ reviewId, reply }) => client.call(REVIEW_ROUTES.reply, { params: { reviewId }, body: { reply } }),
    invalidates: [reviewKeys.all],
  });
}
