import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { invalid, notFound } from '../failures';
import type { ImageFacts } from '../images';
import { lockWebsiteRow, notifyWebsiteChanged, writeWebsiteIdentity } from '../websites';
import { PICTURE_FIELDS, pictureRefusal, siteIdentityJson, type PictureField } from './identity';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Where the site's identity shows a picture (the logo, the favicon, the social sharing picture), for the media
 * library (images/media.ts, handed this by app.ts). A replacement must pass the identity's own picture rules (a
 * favicon square enough and large enough, a social picture large enough and not AVIF): refused, nothing is replaced.
 */

const TITLES: Record<PictureField, string> = { logoImageId: 'Logo', faviconImageId: 'Favicon', socialImageId: 'Social sharing picture' };
const KEYS: Record<PictureField, string> = { logoImageId: 'site:logo', faviconImageId: 'site:favicon', socialImageId: 'site:social' };

export async function identityPlacesOfPicture(db: Db, websiteId: string, imageId: string) {
  const website = await db.selectFrom('websites').selectAll().where('id', '=', websiteId).executeTakeFirst();
  if (!website) return [];
  const identity = siteIdentityJson(website);
  return PICTURE_FIELDS.filter((field) => identity[field] === imageId).map((field) => ({
    key: KEYS[field],
    kind: 'site' as const,
    id: websiteId,
    title: TITLES[field],
    detail: '',
  }));
}

async function rewriteIdentity(trx: Transaction<Database>, websiteId: string, fromId: string, to: ImageFacts | null): Promise<void> {
  const current = await lockWebsiteRow(trx, websiteId);
  if (!current) throw notFound('That website no longer exists.');
  const identity = siteIdentityJson(current);
  const fields = PICTURE_FIELDS.filter((field) => identity[field] === fromId);
  if (fields.length === 0) return;
  for (const field of fields) {
    const refusal = to ? pictureRefusal(field, to) : undefined;
    if (refusal) throw invalid(refusal, { withImageId: refusal });
  }
  const pick = (field: PictureField) => (identity[field] === fromId ? (to?.id ?? null) : identity[field]);
  const next = { logoImageId: pick('logoImageId'), faviconImageId: pick('faviconImageId'), socialImageId: pick('socialImageId') };
  const pictures = { ...(current.identity_pictures ?? {}) };
  delete pictures[fromId];
  if (to) pictures[to.id] = { assetUrl: to.assetUrl, width: to.width, height: to.height };
  await writeWebsiteIdentity(trx, websiteId, {
    siteTitle: identity.siteTitle,
    tagline: identity.tagline,
    ...next,
    logoAltText: next.logoImageId === null ? '' : identity.logoAltText,
    pictures,
  });
}

/** The site identity's PictureUser (images/media.ts). */
export const identityPictureUser = {
  placesOf: identityPlacesOfPicture,
  replace: (trx: Transaction<Database>, websiteId: string, fromId: string, to: { facts: ImageFacts }) => rewriteIdentity(trx, websiteId, fromId, to.facts),
  detach: (trx: Transaction<Database>, websiteId: string, imageId: string) => rewriteIdentity(trx, websiteId, imageId, null),
  changed: notifyWebsiteChanged,
};
