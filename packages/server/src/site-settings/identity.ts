import type { Kysely } from 'kysely';
import { SITE_IDENTITY_LIMITS, SITE_IDENTITY_MESSAGES, type SiteIdentityBody, type SiteIdentityJson } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, IdentityPictures, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { lockImagesForUse, type ImageFacts } from '../images';
import { lockWebsiteRow, notifyWebsiteChanged, siteIdentityOf, writeWebsiteIdentity, type WebsiteIdentityRow } from '../websites';

/**
 * Settings → Site (issue 33 item 1): the site's title, tagline, logo and its alt text, favicon and social sharing
 * picture. The row is the websites domain's (websites.site_title and migration 040's columns), written through its
 * front; the rules are here. Pages, the head and mail read the row through the website cache, so a change is served
 * on this process's next request and within WEBSITE_FRESH_MS by the others.
 */

/** Whitespace runs (newlines and tabs included) read as one space: a title or tagline is one line. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function siteIdentityJson(website: Website): SiteIdentityJson {
  const identity = siteIdentityOf(website);
  return {
    siteTitle: identity.siteTitle,
    tagline: identity.tagline,
    logoImageId: identity.logo?.imageId ?? null,
    logoAltText: identity.logo ? identity.logo.altText : '',
    logoUrl: identity.logo?.assetUrl ?? null,
    faviconImageId: identity.favicon?.imageId ?? null,
    faviconUrl: identity.favicon?.assetUrl ?? null,
    socialImageId: identity.socialImage?.imageId ?? null,
    socialImageUrl: identity.socialImage?.assetUrl ?? null,
  };
}

/** GET /api/owner/site-settings/identity. */
export async function getSiteIdentity(_db: Kysely<Database>, website: Website, actor: Actor): Promise<SiteIdentityJson> {
  authorize(actor, 'site:read');
  return siteIdentityJson(website);
}

export const PICTURE_FIELDS = ['logoImageId', 'faviconImageId', 'socialImageId'] as const;
export type PictureField = (typeof PICTURE_FIELDS)[number];

/** The picture rules beyond being this website's: the favicon's shape and size, the social picture's size and type. */
export function pictureRefusal(field: PictureField, image: ImageFacts): string | undefined {
  const { width, height } = image;
  if (field === 'faviconImageId') {
    if (Math.max(width, height) > Math.min(width, height) * SITE_IDENTITY_LIMITS.faviconMaxAspect) return SITE_IDENTITY_MESSAGES.faviconShape(width, height);
    if (Math.min(width, height) < SITE_IDENTITY_LIMITS.faviconMinSide) return SITE_IDENTITY_MESSAGES.faviconSmall(width, height);
  }
  if (field === 'socialImageId') {
    if (Math.min(width, height) < SITE_IDENTITY_LIMITS.socialMinSide) return SITE_IDENTITY_MESSAGES.socialSmall(width, height);
    if (image.contentType === 'image/avif') return SITE_IDENTITY_MESSAGES.socialAvif;
  }
  return undefined;
}

/**
 * PUT /api/owner/site-settings/identity: the fields sent change, the others stay (a picture set to null is removed).
 * Every rule is checked on the identity as it would be, and every broken one named at once: the title is required;
 * a logo needs its alt text; each picture must be one uploaded to this website (another website's id is refused as
 * unknown, never linked), the favicon square or nearly and 32 px a side at least, the social picture 200 px a side
 * at least and not AVIF. Nothing is written when anything is refused. The pictures are locked FOR SHARE, so one
 * being deleted at the same moment is either gone before (refused here) or deleted after this commits (and dropped
 * from the row by migration 040's ON DELETE SET NULL).
 */
export async function updateSiteIdentity(db: Kysely<Database>, website: Website, actor: Actor, input: SiteIdentityBody): Promise<SiteIdentityJson> {
  authorize(actor, 'site-identity:write');
  if (Object.values(input).every((value) => value === undefined)) throw invalid(SITE_IDENTITY_MESSAGES.empty);
  const updated = await inTransaction(db, async (trx) => {
    const current = await lockWebsiteRow(trx, website.id);
    if (!current) throw notFound('That website no longer exists.');
    const stored = siteIdentityJson(current);
    const next: Omit<WebsiteIdentityRow, 'pictures'> = {
      siteTitle: input.siteTitle !== undefined ? oneLine(input.siteTitle) : stored.siteTitle,
      tagline: input.tagline !== undefined ? oneLine(input.tagline) : stored.tagline,
      logoImageId: input.logoImageId !== undefined ? input.logoImageId : stored.logoImageId,
      logoAltText: input.logoAltText !== undefined ? oneLine(input.logoAltText) : stored.logoAltText,
      faviconImageId: input.faviconImageId !== undefined ? input.faviconImageId : stored.faviconImageId,
      socialImageId: input.socialImageId !== undefined ? input.socialImageId : stored.socialImageId,
    };
    const errors: Record<string, string> = {};
    if (next.siteTitle === '') errors.siteTitle = SITE_IDENTITY_MESSAGES.siteTitleRequired;
    const chosen = [...new Set(PICTURE_FIELDS.map((field) => next[field]).filter((id): id is string => id !== null))];
    const found = new Map((await lockImagesForUse(trx, website.id, chosen)).map((image) => [image.id, image]));
    for (const field of PICTURE_FIELDS) {
      const imageId = next[field];
      if (imageId === null) continue;
      const image = found.get(imageId);
      const refusal = image ? pictureRefusal(field, image) : SITE_IDENTITY_MESSAGES.pictureUnknown;
      if (refusal) errors[field] = refusal;
    }
    if (next.logoImageId !== null && next.logoAltText === '') errors.logoAltText = SITE_IDENTITY_MESSAGES.logoAltTextRequired;
    // Without a logo its alt text has nothing to describe: it is not kept for a later one.
    if (next.logoImageId === null) next.logoAltText = '';
    const fields = Object.keys(errors);
    if (fields.length > 0) {
      // The first message in the form's order, as the contracts' formatter answers a schema's.
      const order = ['siteTitle', 'tagline', 'logoImageId', 'logoAltText', 'faviconImageId', 'socialImageId'];
      const first = order.find((field) => errors[field] !== undefined)!;
      throw invalid(errors[first]!, errors);
    }
    const pictures: IdentityPictures = {};
    for (const id of chosen) {
      const image = found.get(id)!;
      pictures[id] = { assetUrl: image.assetUrl, width: image.width, height: image.height };
    }
    return writeWebsiteIdentity(trx, website.id, { ...next, pictures });
  });
  if (!updated) throw notFound('That website no longer exists.');
  // After the commit: a cache told before it could read the old row again and keep it.
  notifyWebsiteChanged(website.id);
  return siteIdentityJson(updated);
}
