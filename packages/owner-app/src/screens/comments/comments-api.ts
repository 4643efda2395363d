import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CommentSettingsBody,
  CommentSettingsJson,
  CommentStatus,
  deleteCommentContract,
  getCommentSettingsContract,
  ListCommentsReply,
  listCommentsContract,
  replyToCommentContract,
  setCommentStatusContract,
  updateCommentSettingsContract,
} from '@vitrine/contracts';
import { callRoute } from '@vitrine/owner-client/browser';
import { useOwnerClient } from '../../api/client';
import { useOwnerMutation } from '../../api/hooks';

/** The Comments screen's calls, typed from their contracts (type-only imports keep TypeBox out of the bundle). */
export const COMMENT_ROUTES = {
  list: callRoute<typeof listCommentsContract>('GET', '/api/owner/comments'),
  setStatus: callRoute<typeof setCommentStatusContract>('PUT', '/api/owner/comments/:commentId/status'),
  remove: callRoute<typeof deleteCommentContract>('DELETE', '/api/owner/comments/:commentId'),
  reply: callRoute<typeof replyToCommentContract>('POST', '/api/owner/comments/:commentId/replies'),
  settings: callRoute<typeof getCommentSettingsContract>('GET', '/api/owner/comments/settings'),
  updateSettings: callRoute<typeof updateCommentSettingsContract>('PUT', '/api/owner/comments/settings'),
} as const;

export type OwnerComment = ListCommentsReply['comments'][number];

/** The statuses in the filter's order: the moderation queue first. */
export const COMMENT_STATUSES_IN_ORDER: readonly CommentStatus[] = ['pending', 'approved', 'hidden', 'spam'];

export const commentKeys = {
  all: ['comments'] as const,
  list: (status: CommentStatus | '', cursor: string) => ['comments', 'list', status, cursor] as const,
  settings: ['comments', 'settings'] as const,
};

export function useCommentList(status: CommentStatus | '', cursor: string) {
  const client = useOwnerClient();
  return useQuery<ListCommentsReply>({
    queryKey: commentKeys.list(status, cursor),
    queryFn: () => client.call(COMMENT_ROUTES.list, { query: { ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } }),
    placeholderData: keepPreviousData,
  });
}

export function useCommentSettings() {
  const client = useOwnerClient();
  return useQuery<CommentSettingsJson>({ queryKey: commentKeys.settings, queryFn: () => client.call(COMMENT_ROUTES.settings, {}) });
}

export function useUpdateCommentSettings() {
  const client = useOwnerClient();
  return useOwnerMutation<CommentSettingsBody, CommentSettingsJson>({
    mutationFn: (body) => client.call(COMMENT_ROUTES.updateSettings, { body }),
    invalidates: [commentKeys.settings],
  });
}

export function useSetCommentStatus() {
  const client = useOwnerClient();
  return useOwnerMutation<{ commentId: string; status: CommentStatus }, unknown>({
    mutationFn: ({ commentId, status }) => client.call(COMMENT_ROUTES.setStatus, { params: { commentId }, body: { status } }),
    invalidates: [commentKeys.all],
  });
}

export function useDeleteComment() {
  const client = useOwnerClient();
  return useOwnerMutation<{ commentId: string }, unknown>({
    mutationFn: ({ commentId }) => client.call(COMMENT_ROUTES.remove, { params: { commentId } }),
    invalidates: [commentKeys.all],
  });
}

export function useReplyToComment() {
  const client = useOwnerClient();
  return useOwnerMutation<{ commentId: string; body: string }, unknown>({
    mutationFn: ({ commentId, body }) => client.call(COMMENT_ROUTES.reply, { params: { commentId }, body: { body } }),
    invalidates: [commentKeys.all],
  });
}
