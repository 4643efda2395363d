import type { Kysely, Transaction } from 'kysely';
import type { Database, SiteAnnouncement, SiteFooterLayout } from '../db/schema';
import type { StoredNavigationItem, StoreForLink } from './navigation-rules';

type Db = Kysely<Database> | Transaction<Database>;

/** Product collections (stores) are collection type 13 (the catalog's rule; read here, never written). */
const STORE_COLLECTION_TYPE = 13;

export interface StoredNavigation {
  fieldName: string;
  templateId: string;
  items: StoredNavigationItem[];
}

/** The website's stores, oldest first, as links need them. */
export async function listStoresForLinks(db: Db, websiteId: string): Promise<StoreForLink[]> {
  return db
    .selectFrom('collections')
    .select(['id', 'title', 'navigation_title', 'url_id'])
    .where('website_id', '=', websiteId)
    .where('type', '=', STORE_COLLECTION_TYPE)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The website's saved navigations, the main one first, then by name. */
export async function listNavigations(db: Db, websiteId: string, options: { lock?: boolean } = {}): Promise<StoredNavigation[]> {
  let query = db
    .selectFrom('site_navigations')
    .select(['field_name', 'template_id', 'items'])
    .where('website_id', '=', websiteId)
    .orderBy('field_name');
  if (options.lock) query = query.forUpdate();
  const rows = await query.execute();
  const navigations = rows.map((row) => ({ fieldName: row.field_name, templateId: row.template_id, items: row.items as StoredNavigationItem[] }));
  return [...navigations.filter((n) => n.fieldName === 'mainNav'), ...navigations.filter((n) => n.fieldName !== 'mainNav')];
}

export async function upsertNavigation(db: Db, websiteId: string, navigation: StoredNavigation): Promise<void> {
  await db
    .insertInto('site_navigations')
    .values({ website_id: websiteId, field_name: navigation.fieldName, template_id: navigation.templateId, items: JSON.stringify(navigation.items) })
    .onConflict((conflict) =>
      conflict.columns(['website_id', 'field_name']).doUpdateSet({
        template_id: navigation.templateId,
        items: JSON.stringify(navigation.items),
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** Stores the navigation only if the website has none of that name yet (two first saves at once: one wins). */
export async function insertNavigationIfMissing(db: Db, websiteId: string, navigation: StoredNavigation): Promise<void> {
  await db
    .insertInto('site_navigations')
    .values({ website_id: websiteId, field_name: navigation.fieldName, template_id: navigation.templateId, items: JSON.stringify(navigation.items) })
    .onConflict((conflict) => conflict.columns(['website_id', 'field_name']).doNothing())
    .execute();
}

/** Does the website have any saved navigation (else its main navigation is the catalog's default)? */
export async function hasSavedNavigations(db: Db, websiteId: string): Promise<boolean> {
  return (await db.selectFrom('site_navigations').select('field_name').where('website_id', '=', websiteId).limit(1).executeTakeFirst()) !== undefined;
}

export interface StoredHeaderFooter {
  header: string;
  footer: string;
}

export async function readHeaderFooter(db: Db, websiteId: string): Promise<StoredHeaderFooter> {
  const row = await db.selectFrom('site_header_footer').select(['header_html', 'footer_html']).where('website_id', '=', websiteId).executeTakeFirst();
  return { header: row?.header_html ?? '', footer: row?.footer_html ?? '' };
}

export async function saveHeaderFooter(db: Db, websiteId: string, value: StoredHeaderFooter): Promise<void> {
  await db
    .insertInto('site_header_footer')
    .values({ website_id: websiteId, header_html: value.header, footer_html: value.footer })
    .onConflict((conflict) => conflict.column('website_id').doUpdateSet({ header_html: value.header, footer_html: value.footer, updated_at: new Date() }))
    .execute();
}

export async function readFooterLayout(db: Db, websiteId: string): Promise<SiteFooterLayout | null> {
  const row = await db.selectFrom('site_header_footer').select('footer_layout').where('website_id', '=', websiteId).executeTakeFirst();
  return row?.footer_layout ?? null;
}

export async function readAnnouncement(db: Db, websiteId: string): Promise<SiteAnnouncement | null> {
  const row = await db.selectFrom('site_header_footer').select('announcement').where('website_id', '=', websiteId).executeTakeFirst();
  return row?.announcement ?? null;
}

export async function saveAnnouncement(db: Db, websiteId: string, announcement: SiteAnnouncement): Promise<void> {
  const json = JSON.stringify(announcement);
  await db
    .insertInto('site_header_footer')
    .values({ website_id: websiteId, announcement: json })
    .onConflict((conflict) => conflict.column('website_id').doUpdateSet({ announcement: json, updated_at: new Date() }))
    .execute();
}

export async function saveFooterLayout(db: Db, websiteId: string, layout: SiteFooterLayout): Promise<void> {
  const json = JSON.stringify(layout);
  await db
    .insertInto('site_header_footer')
    .values({ website_id: websiteId, footer_layout: json })
    .onConflict((conflict) => conflict.column('website_id').doUpdateSet({ footer_layout: json, updated_at: new Date() }))
    .execute();
}

export interface StoredLanguages {
  languages: string[];
  translationDisconnected: boolean;
}

export async function readLanguages(db: Db, websiteId: string): Promise<StoredLanguages> {
  const row = await db.selectFrom('site_languages').select(['languages', 'translation_disconnected']).where('website_id', '=', websiteId).executeTakeFirst();
  return { languages: row?.languages ?? [], translationDisconnected: row?.translation_disconnected ?? false };
}

export async function saveLanguages(db: Db, websiteId: string, languages: string[]): Promise<void> {
  await db
    .insertInto('site_languages')
    .values({ website_id: websiteId, languages: JSON.stringify(languages), translation_disconnected: false })
    .onConflict((conflict) =>
      conflict.column('website_id').doUpdateSet({ languages: JSON.stringify(languages), translation_disconnected: false, updated_at: new Date() }),
    )
    .execute();
}

export async function markTranslationDisconnected(db: Db, websiteId: string): Promise<void> {
  await db
    .insertInto('site_languages')
    .values({ website_id: websiteId, translation_disconnected: true })
    .onConflict((conflict) => conflict.column('website_id').doUpdateSet({ translation_disconnected: true, updated_at: new Date() }))
    .execute();
}

export async function saveSiteUserLocale(db: Db, websiteId: string, siteUserId: string, language: string): Promise<void> {
  await db
    .insertInto('site_user_locales')
    .values({ website_id: websiteId, site_user_id: siteUserId, language })
    .onConflict((conflict) => conflict.columns(['website_id', 'site_user_id']).doUpdateSet({ language, updated_at: new Date() }))
    .execute();
}

export async function readSiteUserLocale(db: Db, websiteId: string, siteUserId: string): Promise<string | undefined> {
  const row = await db.selectFrom('site_user_locales').select('language').where('website_id', '=', websiteId).where('site_user_id', '=', siteUserId).executeTakeFirst();
  return row?.language;
}
