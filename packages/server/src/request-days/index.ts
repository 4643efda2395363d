/** Requests a day per website (issue 32 item 7): an in-memory count per process, added to website_request_days. */
export { DEFAULT_REQUEST_DAYS_FLUSH_MS, RequestDayCounter, requestsOnDays, todayAndYesterday, utcDayOf } from './counter';
export { registerRequestDayCounting } from './routes';
