import type { Kysely } from 'kysely';
import { SITE_SETTINGS_LIMITS, type SiteLayoutJson, type UpdateNavigationBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { authorize } from '../authorize';
import {
  checkNavigationItems,
  defaultMainNavigation,
  layoutLinksOf,
  MAIN_NAVIGATION,
  NAVIGATION_MESSAGES,
  unknownStoreErrors,
  withStoreLink,
} from './navigation-rules';
import { insertNavigationIfMissing, listNavigations, listStoresForLinks, upsertNavigation, type StoredNavigation } from './queries';
import { notifySiteChromeChanged } from './site-chrome';
import { listLinkTargets } from './link-targets';

type Db = Parameters<typeof listNavigations>[0];

/** The saved navigations, or (never saved) the default main navigation built from the stores. */
async function navigationsOf(db: Db, websiteId: string): Promise<StoredNavigation[]> {
  const saved = await listNavigations(db, websiteId);
  if (saved.length > 0) return saved;
  return [{ fieldName: MAIN_NAVIGATION, templateId: '', items: defaultMainNavigation(await listStoresForLinks(db, websiteId)) }];
}

async function layoutOf(db: Db, websiteId: string, navigations: StoredNavigation[]): Promise<SiteLayoutJson> {
  const stores = new Map((await listLinkTargets(db, websiteId)).map((store) => [store.id, store]));
  return {
    layout: navigations.map((navigation) => ({
      identifier: navigation.fieldName,
      templateId: navigation.templateId,
      links: layoutLinksOf(navigation.items, stores),
    })),
  };
}

/**
 * Stores the default main navigation if the website never saved one (materialised before a first
 * change, so the change edits what the header showed), then locks the website's navigations.
 */
export async function lockNavigations(trx: Db, websiteId: string): Promise<StoredNavigation[]> {
  if ((await listNavigations(trx, websiteId)).length === 0) {
    const items = defaultMainNavigation(await listStoresForLinks(trx, websiteId));
    await insertNavigationIfMissing(trx, websiteId, { fieldName: MAIN_NAVIGATION, templateId: '', items });
  }
  return listNavigations(trx, websiteId, { lock: true });
}

/**
 * GET /api/commondata/GetSiteLayout. The spec's clients take the first entry for the main navigation, so
 * a site whose main navigation was deleted answers an empty layout (they then report 'Unable to find site
 * main navigation') rather than another navigation in its place. Saving `mainNav` brings it back.
 */
export async function getSiteLayout(db: Kysely<Database>, website: Website, actor: Actor): Promise<SiteLayoutJson> {
  authorize(actor, 'site:read');
  const navigations = await navigationsOf(db, website.id);
  if (navigations[0]?.fieldName !== MAIN_NAVIGATION) return { layout: [] };
  return layoutOf(db, website.id, navigations);
}

/** POST /api/widget/UpdateNavigation: replaces one navigation; all or nothing. */
export async function updateNavigation(db: Kysely<Database>, website: Website, actor: Actor, input: UpdateNavigationBody): Promise<SiteLayoutJson> {
  authorize(actor, 'site:write');
  const checked = checkNavigationItems(input.navigation.items);
  if (Object.keys(checked.errors).length > 0) throw invalid(NAVIGATION_MESSAGES.invalid, checked.errors);
  const navigations = await inTransaction(db, async (trx) => {
    const locked = await lockNavigations(trx, website.id);
    const stores = new Set((await listLinkTargets(trx, website.id)).map((store) => store.id));
    const storeErrors = unknownStoreErrors(checked.items, stores);
    if (Object.keys(storeErrors).length > 0) throw invalid(NAVIGATION_MESSAGES.invalid, storeErrors);
    const isNew = !locked.some((navigation) => navigation.fieldName === input.fieldName);
    if (isNew && locked.length >= SITE_SETTINGS_LIMITS.navigationsPerSite) {
      throw invalid(NAVIGATION_MESSAGES.invalid, { fieldName: NAVIGATION_MESSAGES.tooManyNavigations });
    }
    await upsertNavigation(trx, website.id, { fieldName: input.fieldName, templateId: input.templateId ?? '', items: checked.items });
    return listNavigations(trx, website.id);
  });
  notifySiteChromeChanged(website.id);
  return layoutOf(db, website.id, navigations);
}

/**
 * Store creation's last step (platform spec §4): links the new store from the main navigation (before a
 * closing Cart link). 'Unable to find site main navigation' when the site has navigations but its main
 * one was deleted. Who may: store creators (store-settings:write), not only site editors.
 */
export async function addCollectionToMainNavigation(db: Kysely<Database>, website: Website, actor: Actor, collectionId: string): Promise<SiteLayoutJson> {
  authorize(actor, 'store-settings:write');
  const navigations = await inTransaction(db, async (trx) => {
    const locked = await lockNavigations(trx, website.id);
    const main = locked.find((navigation) => navigation.fieldName === MAIN_NAVIGATION);
    if (!main) throw notFound(NAVIGATION_MESSAGES.noMainNavigation);
    const stores = new Set((await listStoresForLinks(trx, website.id)).map((store) => store.id));
    if (!stores.has(collectionId)) throw notFound(NAVIGATION_MESSAGES.unknownStore);
    const items = withStoreLink(main.items, collectionId);
    if (items !== main.items) await upsertNavigation(trx, website.id, { ...main, items });
    return listNavigations(trx, website.id);
  });
  notifySiteChromeChanged(website.id);
  return layoutOf(db, website.id, navigations);
}
