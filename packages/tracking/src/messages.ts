/** The tracking client's console warnings and rejections (platform §5, §8), written once and asserted by tests. */
export const TRACKING_MESSAGES = {
  /** Platform §8: the newer tracker's answer was neither 200 nor 202 (warned, and the promise rejects). */
  httpStatus: (status: number) => `Error tracking event: HTTP Status ${status}`,
  /** Platform §8: an event sent without content. */
  noPayload: 'no payload',
  /** Platform §8: the analytics id could not be kept in local storage (it still lives in the cookie and memory). */
  storeAnalyticsId: 'Unable to store analyticsId',
  /** Platform §8: local or session storage is blocked; session info then says false twice. */
  storage: 'Unable access local/session storage.',
  /** Platform §5: the caller gave fields that the tracker fills in itself (ours: the spec gives no wording). */
  overwritten: (fields: readonly string[]) => `Analytics: auto-populated fields overwrote the ones supplied: ${fields.join(', ')}`,
} as const;
