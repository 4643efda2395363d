import { IMAGE_WIDTHS } from '@vitrine/contracts';
import type { Website } from '../db/schema';
import { siteIdentityOf, type IdentityPicture } from '../websites';

/**
 * What the theme prints of the site's identity (Settings → Site, issue 33): the header's logo, the head's icons.
 * The logo is drawn within a box (site.css `.site-logo img`): at most 48 px high and 240 px wide on wider screens,
 * 40 × 140 px on phones (≤ 760 px: Menu, the account and the cart leave the name about 150 px at 390 px). Its
 * `sizes` say the width it will have in each, so the browser fetches the copy that is just sharp enough.
 */
export const LOGO_BOX = {
  desktop: { width: 240, height: 48 },
  phone: { width: 140, height: 40 },
  /** The theme's phone breakpoint (site.css). */
  phoneMaxWidth: 760,
} as const;

export interface LogoView {
  src: string;
  srcset: string;
  sizes: string;
  alt: string;
  width: number;
  height: number;
}

export interface FaviconView {
  /** A 32 × 32 PNG (`<link rel="icon" sizes="32x32">`). */
  icon: string;
  /** A 180 × 180 PNG (`<link rel="apple-touch-icon">`: phones' home screens). */
  appleTouchIcon: string;
}

const shownWidth = (picture: IdentityPicture, box: { width: number; height: number }) =>
  Math.max(1, Math.round(Math.min(box.width, box.height * (picture.width / picture.height), picture.width)));

/** Every offered width below the original's, then the original: a logo is never enlarged. */
export function srcsetOf(picture: IdentityPicture): string {
  const widths = IMAGE_WIDTHS.filter((width) => width < picture.width);
  return [...widths.map((width) => `${picture.assetUrl}?format=${width}w ${width}w`), `${picture.assetUrl} ${picture.width}w`].join(', ');
}

export function logoViewOf(website: Website): LogoView | null {
  const logo = siteIdentityOf(website).logo;
  if (!logo) return null;
  return {
    src: logo.width > 500 ? `${logo.assetUrl}?format=500w` : logo.assetUrl,
    srcset: srcsetOf(logo),
    sizes: `(max-width: ${LOGO_BOX.phoneMaxWidth}px) ${shownWidth(logo, LOGO_BOX.phone)}px, ${shownWidth(logo, LOGO_BOX.desktop)}px`,
    alt: logo.altText,
    width: logo.width,
    height: logo.height,
  };
}

export function faviconViewOf(website: Website): FaviconView | null {
  const favicon = siteIdentityOf(website).favicon;
  return favicon ? { icon: `${favicon.assetUrl}?format=icon-32`, appleTouchIcon: `${favicon.assetUrl}?format=icon-180` } : null;
}

/** The social sharing picture's address for og:image (1500 px wide at most), or undefined without one. */
export function socialImageOf(website: Website): string | undefined {
  const picture = siteIdentityOf(website).socialImage;
  return picture ? `${picture.assetUrl}?format=1500w` : undefined;
}
