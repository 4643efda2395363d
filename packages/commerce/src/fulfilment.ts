/**
 * Fulfilment and returns, as pure rules (issue 38 item 2): the carriers an owner picks from and their
 * tracking links, how much of each line is left to ship, and how much a shopper may still send back.
 */

/** The carriers with a known tracking page, and 'other' (the owner gives the link). */
export const CARRIERS = ['ups', 'usps', 'fedex', 'dhl', 'royal-mail', 'canada-post', 'australia-post', 'postnl', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Record<Carrier, string> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  'royal-mail': 'Royal Mail',
  'canada-post': 'Canada Post',
  'australia-post': 'Australia Post',
  postnl: 'PostNL',
  other: 'Other',
};

// Each carrier's public tracking page, with the number in its query or path (as their own "track" forms link).
const TRACKING_PAGES: Record<Exclude<Carrier, 'other'>, (number: string) => string> = {
  ups: (n) => `https://www.ups.com/track?tracknum=${n}`,
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
  fedex: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
  dhl: (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`,
  'royal-mail': (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  'canada-post': (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  'australia-post': (n) => `https://auspost.com.au/mypost/track/details/${n}`,
  postnl: (n) => `https://jouw.postnl.nl/track-and-trace/${n}`,
};

/** A tracking number as carriers print them: letters, digits, spaces and dashes; what goes into a link drops the spaces. */
export const TRACKING_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9 -]{0,63}$';

/**
 * The tracking link for a parcel: the carrier's page for the number, or for 'other' the owner's own link
 * (http or https only; anything else, or no number for a known carrier, gives null).
 */
export function trackingUrlFor(carrier: Carrier, trackingNumber: string, otherUrl?: string | null): string | null {
  if (carrier === 'other') return safeHttpUrl(otherUrl ?? '');
  const number = trackingNumber.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9-]{1,64}$/.test(number)) return null;
  return TRACKING_PAGES[carrier](encodeURIComponent(number));
}

/** The URL when it is an absolute http(s) address, else null: no javascript:, data: or relative links in mail. */
export function safeHttpUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  return url.toString();
}

export interface LineProgress {
  lineId: string;
  ordered: number;
  fulfilled: number;
  returned: number;
}

export interface RequestedLine {
  lineId: string;
  quantity: number;
}

export type LinePlan =
  | { ok: true; lines: RequestedLine[] }
  | { ok: false; lineId: string; reason: 'unknown-line' | 'too-many' | 'repeated'; allowed: number };

/** What is left to ship of a line. */
export const leftToFulfil = (line: LineProgress): number => Math.max(0, line.ordered - line.fulfilled);
/** What the shopper may still send back of a line: what was shipped, less what earlier returns asked for. */
export const leftToReturn = (line: LineProgress): number => Math.max(0, line.fulfilled - line.returned);

/** Checks each requested line against what `allowed` leaves of it: each line once, known, and at most what is left. */
export function planLines(progress: readonly LineProgress[], requested: readonly RequestedLine[], allowed: (line: LineProgress) => number): LinePlan {
  const byId = new Map(progress.map((line) => [line.lineId, line]));
  const seen = new Set<string>();
  for (const wanted of requested) {
    const line = byId.get(wanted.lineId);
    if (!line) return { ok: false, lineId: wanted.lineId, reason: 'unknown-line', allowed: 0 };
    if (seen.has(wanted.lineId)) return { ok: false, lineId: wanted.lineId, reason: 'repeated', allowed: allowed(line) };
    seen.add(wanted.lineId);
    if (wanted.quantity > allowed(line)) return { ok: false, lineId: wanted.lineId, reason: 'too-many', allowed: allowed(line) };
  }
  return { ok: true, lines: [...requested] };
}

/** Every line shipped in full once `shipped` is added: the order is then fulfilled, else partially fulfilled. */
export function isFullyFulfilled(progress: readonly LineProgress[], shipped: readonly RequestedLine[] = []): boolean {
  const extra = new Map(shipped.map((line) => [line.lineId, line.quantity]));
  return progress.every((line) => line.fulfilled + (extra.get(line.lineId) ?? 0) >= line.ordered);
}
