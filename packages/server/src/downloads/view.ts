import { formatDateTime } from '@vitrine/format';
import type { Website } from '../db/schema';
import type { DownloadLink } from './grants';

/** A download link as the confirmation page and mail show it: the words and numbers, formatted for the store. */
export interface DownloadLinkView {
  productName: string;
  fileName: string;
  /** '1.2 MB' in the store's locale. */
  size: string;
  /** The link: site-relative on the page, absolute (PUBLIC_URL) in mail. */
  url: string;
  /** ISO 8601, for machines (`?format=json`, <time datetime>). */
  expiresAt: string;
  /** 'November 30, 2026 at 6:05 PM' in the store's time zone. */
  expires: string;
  downloadsLeft: number;
  downloadLimit: number;
  /** '5 downloads left', '1 download left', 'No downloads left'. */
  downloadsLeftText: string;
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** Bytes in the largest unit that keeps the number at least 1 (powers of 1000, as file managers show them). */
export function formatByteSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

export function downloadsLeftText(left: number): string {
  if (left <= 0) return 'No downloads left';
  return left === 1 ? '1 download left' : `${left} downloads left`;
}

/** `origin` '' for the page (links relative to the site), PUBLIC_URL for mail. */
export function downloadLinkView(link: DownloadLink, website: Website, origin = ''): DownloadLinkView {
  return {
    productName: link.productName,
    fileName: link.fileName,
    size: formatByteSize(link.byteSize, website.locale),
    url: `${origin}${link.path}`,
    expiresAt: link.expiresAt.toISOString(),
    expires: formatDateTime(link.expiresAt, { locale: website.locale, timeZone: website.time_zone, dateStyle: 'long', timeStyle: 'short' }),
    downloadsLeft: link.downloadsLeft,
    downloadLimit: link.downloadLimit,
    downloadsLeftText: downloadsLeftText(link.downloadsLeft),
  };
}
