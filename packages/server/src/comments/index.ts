/** The comments domain (issue 20 item 4): comments and likes on blog posts, their moderation and the site's comment settings (tables post_comments, post_likes). */
export { postComment, postTakesComments, type CommentServices } from './post-comment';
export { likePost, unlikePost } from './likes';
export { listComments, setCommentStatus, deleteComment, replyToComment } from './moderation';
export { commentSettingsOf, getCommentSettings, updateCommentSettings } from './settings';
export { postCommentsView, postEngagementCounts, type PostCommentsView, type CommentView } from './view';
export { NO_ENGAGEMENT, type EngagementCounts } from './queries';
export { seedDemoComments } from './demo';
export { registerCommentRoutes } from './routes';
export { insertImportedComments, type ImportedComment } from './imported-comments';
