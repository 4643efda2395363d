import type { LikeReply, PostCommentBody, PostCommentReply } from '@vitrine/contracts';
import { requestJson } from './http';

// A post's comment and like calls (issue 20 item 4). Failures are ApiErrors with the status and field errors.

export function postComment(itemId: string, body: PostCommentBody) {
  return requestJson<PostCommentReply>('POST', `/api/comments/posts/${encodeURIComponent(itemId)}/comments`, body);
}

export function setLiked(itemId: string, liked: boolean) {
  return requestJson<LikeReply>(liked ? 'PUT' : 'DELETE', `/api/comments/posts/${encodeURIComponent(itemId)}/like`);
}
