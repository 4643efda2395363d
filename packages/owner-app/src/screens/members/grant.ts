import type { GrantMembershipBody } from '@vitrine/contracts';
import { localInputToIso } from '../settings/coupons/zoned-time';

/** An address with one @, something before it and a dot after it: enough to catch a slip before calling. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The grant body from the form: the email, and an end date (a `date` input's '2026-12-31') as the end of that
 * day in the website's time zone — a membership "until the 31st" includes the 31st. Null when the email cannot
 * be one, or the date cannot be read.
 */
export function grantBodyOf(email: string, endsOn: string, timeZone: string): GrantMembershipBody | null {
  const address = email.trim();
  if (!EMAIL.test(address) || address.length > 320) return null;
  if (endsOn.trim() === '') return { email: address };
  const endsAt = localInputToIso(`${endsOn.trim()}T23:59:59`, timeZone);
  return endsAt ? { email: address, endsAt } : null;
}
