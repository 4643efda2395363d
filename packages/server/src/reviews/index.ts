/** Native product reviews (issue 20 item 3; tables product_reviews, product_review_summaries, review_requests; flag 66). */
export { registerReviewRoutes } from './routes';
export { requestReviewsForOrder, ReviewRequestJob, reviewRequestSettingsFromEnv, DEFAULT_REVIEW_REQUEST_DELAY_MS, type ReviewRequestJobOptions } from './requests';
export { ReviewRequestLinks, reviewLinksFor, REVIEW_LINK_LIFETIME_MS } from './links';
export { submitReview, orderOfReviewLink } from './submit';
export { approveReview, hideReview, listOwnerReviews, replyToReview } from './moderation';
export { productPageReviews, withCardReviewSummaries, reviewStructuredData, REVIEWS_PER_PAGE, type ProductReviews } from './storefront';
export { buildReviewRequestPage, REVIEW_REQUEST_PAGE_TEXT, type ReviewRequestPageParts } from './request-page';
export { reviewSummaryOf, checkReview, moderationMove, type ReviewSummary } from './rules';
export { seedDemoReviews } from './demo';
