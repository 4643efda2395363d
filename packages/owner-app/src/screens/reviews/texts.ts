import type { ReviewStatusName } from '@vitrine/contracts';

/** The Reviews screen's words. */
export const REVIEW_TEXTS = {
  title: 'Reviews',
  intro: 'Buyers review what they bought from the link in the review-request mail. A review shows on the product page, and counts in its rating, once you approve it. Your reply is shown under it.',
  notAllowed: 'Your role cannot moderate reviews',
  notAllowedHelp: 'Ask an admin, website manager, store manager or moderator.',
  show: 'Show',
  all: 'All reviews',
  listLabel: (statusWords: string) => (statusWords ? `${statusWords} reviews, newest first` : 'Reviews, newest first'),
  none: (statusWords: string) => (statusWords ? `No ${statusWords.toLowerCase()} reviews` : 'No reviews yet'),
  noneHelp: 'New reviews arrive here waiting for approval.',
  rated: (rating: number) => `Rated ${rating} out of 5`,
  by: (name: string) => `by ${name}`,
  verified: (orderNumber: number | null) => (orderNumber === null ? 'Verified purchase' : `Verified purchase, order #${orderNumber}`),
  imported: 'Imported',
  approve: 'Approve',
  hide: 'Hide',
  approveNamed: (title: string) => `Approve “${title}”`,
  hideNamed: (title: string) => `Hide “${title}”`,
  reply: 'Reply',
  editReply: 'Edit reply',
  replyNamed: (title: string) => `Reply to “${title}”`,
  yourReply: 'Your reply (shown under the review; empty removes it)',
  saveReply: 'Save reply',
  cancel: 'Cancel',
  replyFrom: 'Your reply',
  approved: (title: string) => `“${title}” is approved: it shows on the product page.`,
  hidden: (title: string) => `“${title}” is hidden from the product page.`,
  unchanged: (title: string) => `“${title}” already had that status: nothing changed.`,
  replied: (title: string) => `Your reply to “${title}” is saved.`,
  pages: 'Pages',
  firstPage: 'First page',
  nextPage: 'Next page',
} as const;

export const REVIEW_STATUS_WORDS: Record<ReviewStatusName, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  hidden: 'Hidden',
};
