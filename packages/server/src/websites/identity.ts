import type { Kysely, Transaction } from 'kysely';
import type { Database, IdentityPictures, PublishedSiteStyles, Website } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The site's identity as pages, mail and the owner's screen read it (issue 33 item 1): the title and tagline,
 * and the three pictures with what showing them needs. A picture is taken only while its id is in its column
 * and its copy in `identity_pictures` is there, so one deleted (migration 040 sets its column to NULL) or a
 * row written before its copy is never half shown.
 */
export interface SiteIdentity {
  siteTitle: string;
  /** '' when the site has none. */
  tagline: string;
  logo: (IdentityPicture & { altText: string }) | null;
  favicon: IdentityPicture | null;
  socialImage: IdentityPicture | null;
}

export interface IdentityPicture {
  imageId: string;
  /** `/images/{id}/{file}`: append `?format=` for a width or an icon. */
  assetUrl: string;
  width: number;
  height: number;
}

function pictureOf(website: Website, imageId: string | null): IdentityPicture | null {
  if (!imageId) return null;
  const copy = (website.identity_pictures ?? {})[imageId];
  return copy ? { imageId, assetUrl: copy.assetUrl, width: copy.width, height: copy.height } : null;
}

export function siteIdentityOf(website: Website): SiteIdentity {
  const logo = pictureOf(website, website.logo_image_id);
  return {
    siteTitle: website.site_title,
    tagline: website.site_tagline ?? '',
    logo: logo ? { ...logo, altText: website.logo_alt_text ?? '' } : null,
    favicon: pictureOf(website, website.favicon_image_id),
    socialImage: pictureOf(website, website.social_image_id),
  };
}

/** The identity to store: every field, as the site-settings service decided it (checked, the pictures this website's). */
export interface WebsiteIdentityRow {
  siteTitle: string;
  tagline: string;
  logoImageId: string | null;
  logoAltText: string;
  faviconImageId: string | null;
  socialImageId: string | null;
  /** The copies of the chosen pictures (only theirs: an old picture's copy goes with it). */
  pictures: IdentityPictures;
}

/**
 * Writes the identity columns in the caller's transaction and answers the new row. The caller tells the
 * caches once it has committed (notifyWebsiteChanged): told before, a cache could read the old row again.
 */
export async function writeWebsiteIdentity(db: Db, websiteId: string, identity: WebsiteIdentityRow): Promise<Website | undefined> {
  return db
    .updateTable('websites')
    .set({
      site_title: identity.siteTitle,
      site_tagline: identity.tagline,
      logo_image_id: identity.logoImageId,
      logo_alt_text: identity.logoAltText,
      favicon_image_id: identity.faviconImageId,
      social_image_id: identity.socialImageId,
      identity_pictures: JSON.stringify(identity.pictures),
    })
    .where('id', '=', websiteId)
    .returningAll()
    .executeTakeFirst();
}

/** The website row locked for an identity change (two owners saving at once: one after the other). */
export async function lockWebsiteRow(db: Db, websiteId: string): Promise<Website | undefined> {
  return db.selectFrom('websites').selectAll().where('id', '=', websiteId).forUpdate().executeTakeFirst();
}

/**
 * The live site styles' summary (site-styles/ publishes; migration 043): the stylesheet's address, its preloads
 * and layout options, read by every page from the website row (so every process follows a publish, as identity).
 */
export async function writeWebsiteSiteStyles(db: Db, websiteId: string, published: PublishedSiteStyles | null): Promise<void> {
  await db.updateTable('websites').set({ site_styles: published === null ? null : JSON.stringify(published) }).where('id', '=', websiteId).execute();
}
