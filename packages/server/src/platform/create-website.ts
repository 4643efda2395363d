import { sql, type Kysely, type Transaction } from 'kysely';
import { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import { DEMO_WEBSITE, writeDemoStore, writeEmptyStore } from '../catalog';
import { writeStarterExtraPages, writeStarterHomeBody, writeStarterPages } from '../content';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { conflict, invalid } from '../failures';
import { newId } from '../ids';
import { addContributorIn, writeSetupLink, type SetupLink } from '../owner';
import { findOrCreateLinkedSiteUser } from '../site-users';
import { findWebsiteById, insertWebsite, isWebsiteIdentifier, RESERVED_IDENTIFIERS } from '../websites';
import { applyStarterTemplateIn, isStarterTemplate } from '../site-styles';
import { editMainNavigation } from '../site-settings';
import { withLinksBeforeCart, writeSampleContent } from './sample-content';
import { emptyHomeBody, LOCAL_SAMPLE_DETAILS, sampleHomeBody } from './template-home-pages';
import { emptyStarterPages } from './template-starter-pages';

export const CREATE_WEBSITE_MESSAGES = {
  refused: 'The website could not be created. Check the fields marked.',
  identifierInvalid: 'Use 3 to 63 lower-case letters, digits and hyphens, starting and ending with a letter or digit.',
  identifierReserved: 'This address is kept for the platform. Try another.',
  identifierTaken: 'This address is taken. Try another.',
  titleRequired: 'Give the website a name.',
  titleTooLong: 'A website name has at most 100 characters.',
  templateUnknown: 'Choose one of the templates shown.',
} as const;

/** The template a website starts with when none is chosen (the default theme's own look). */
export const DEFAULT_STARTER_TEMPLATE = 'shop';

export const SITE_TITLE_MAX = 100;

export interface NewWebsiteRequest {
  /** The subdomain label: `{identifier}.{PLATFORM_DOMAIN}`. */
  identifier: string;
  siteTitle: string;
  /** "Start with sample content" (the demo's products, pages, posts…) or "start empty" (a home page and an empty shop). */
  sampleContent: boolean;
  /**
   * The starter template (issue 33 item 5; the default theme's `templates`): its styles and layout are published as
   * the site's first style version and its home page replaces the starter one. Absent: shop, the theme's own look.
   */
  templateId?: string;
  /** The first admin: invited by a one-time set-up link (for this email, or for whoever holds the link). */
  ownerEmail?: string | null;
  currency?: string;
  locale?: string;
  timeZone?: string;
}

export interface CreatedWebsite {
  website: Website;
  /** The first admin's one-time set-up link (its token: owner/setup.ts setupLinkUrl makes the address). */
  setupLink: SetupLink;
}

/** The field errors of a new website's identifier and name, none when both are fine (the uniqueness is the database's). */
export function newWebsiteErrors(input: Pick<NewWebsiteRequest, 'identifier' | 'siteTitle' | 'templateId'>): Record<string, string> {
  const errors: Record<string, string> = {};
  const identifier = input.identifier.trim().toLowerCase();
  if (identifier.length < 3 || !isWebsiteIdentifier(identifier)) errors.identifier = CREATE_WEBSITE_MESSAGES.identifierInvalid;
  else if (RESERVED_IDENTIFIERS.has(identifier)) errors.identifier = CREATE_WEBSITE_MESSAGES.identifierReserved;
  const title = input.siteTitle.trim();
  if (!title) errors.siteTitle = CREATE_WEBSITE_MESSAGES.titleRequired;
  else if (title.length > SITE_TITLE_MAX) errors.siteTitle = CREATE_WEBSITE_MESSAGES.titleTooLong;
  if (input.templateId !== undefined && !isStarterTemplate(input.templateId)) errors.templateId = CREATE_WEBSITE_MESSAGES.templateUnknown;
  return errors;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/**
 * Creates a website with everything it needs to answer at once — its row and settings, a store, pages (the home page,
 * or the whole sample site), navigation (the default one follows its stores and pages) and its first admin's set-up
 * link — in one transaction: a failure leaves nothing behind. Two requests for one identifier: the unique index
 * decides, the loser gets a 409 with the field error.
 */
export async function createWebsite(db: Kysely<Database>, input: NewWebsiteRequest): Promise<CreatedWebsite> {
  const { website, made } = await writeNewWebsite(db, input, (trx, websiteId) =>
    writeSetupLink(trx, websiteId, { role: CONTRIBUTOR_ROLES.admin, email: input.ownerEmail?.trim().toLowerCase() || null, hours: 7 * 24 }),
  );
  return { website, setupLink: made };
}

/**
 * A website created by a signed-in platform account (issue 32, "Create a website"): the same website, in the same one
 * transaction, with the account as its admin at once — its site user there (linked to the account, no password of its
 * own) and its contributors row — instead of a set-up link.
 */
export async function createWebsiteForAccount(
  db: Kysely<Database>,
  input: Omit<NewWebsiteRequest, 'ownerEmail'>,
  account: { id: string; email: string },
): Promise<{ website: Website; ownerSiteUserId: string }> {
  const { website, made } = await writeNewWebsite(db, input, async (trx, websiteId) => {
    const siteUser = await findOrCreateLinkedSiteUser(trx, websiteId, account);
    await addContributorIn(trx, websiteId, siteUser.id, CONTRIBUTOR_ROLES.admin);
    return siteUser.id;
  });
  return { website, ownerSiteUserId: made };
}

/** The one transaction both creations share; `withOwner` writes the first admin's part in it. */
async function writeNewWebsite<T>(
  db: Kysely<Database>,
  input: Omit<NewWebsiteRequest, 'ownerEmail'>,
  withOwner: (trx: Transaction<Database>, websiteId: string) => Promise<T>,
): Promise<{ website: Website; made: T }> {
  const errors = newWebsiteErrors(input);
  if (Object.keys(errors).length > 0) throw invalid(CREATE_WEBSITE_MESSAGES.refused, errors);
  const identifier = input.identifier.trim().toLowerCase();
  const row = {
    id: newId(),
    identifier,
    siteTitle: input.siteTitle.trim(),
    currency: input.currency ?? DEMO_WEBSITE.currency,
    locale: input.locale ?? DEMO_WEBSITE.locale,
    timeZone: input.timeZone ?? DEMO_WEBSITE.timeZone,
    // No captcha key: a new site's forms ask for none until the owner sets one up.
    captchaSiteKey: null,
    // The sample content's store settings are the demo's; an empty site starts with none (the defaults).
    settings: input.sampleContent ? DEMO_WEBSITE.settings : {},
  };
  try {
    const made = await inTransaction(db, async (trx) => {
      // Taken, or kept by a site deleted but not yet removed: refused before any write.
      const taken = await trx.selectFrom('websites').select('id').where('identifier', '=', identifier).executeTakeFirst();
      if (taken) throw conflict(CREATE_WEBSITE_MESSAGES.refused, { identifier: CREATE_WEBSITE_MESSAGES.identifierTaken });
      const templateId = input.templateId ?? DEFAULT_STARTER_TEMPLATE;
      if (input.sampleContent) {
        await writeDemoStore(trx, row);
        const sources = await writeSampleContent(trx, row.id, identifier);
        const home = sampleHomeBody(templateId, sources);
        if (home) await writeStarterHomeBody(trx, row.id, home);
      } else {
        await insertWebsite(trx, row);
        await writeEmptyStore(trx, row.id, identifier);
        await writeStarterPages(trx, row.id, identifier, row.siteTitle);
        const home = emptyHomeBody(templateId, row.siteTitle);
        if (home) await writeStarterHomeBody(trx, row.id, home);
        // A chosen template brings its other pages too, linked in the menu (a site made without one keeps the welcome page alone).
        if (input.templateId !== undefined) {
          const pageIds = await writeStarterExtraPages(trx, row.id, identifier, emptyStarterPages(templateId, row.siteTitle));
          await editMainNavigation(trx as Transaction<Database>, row.id, (items) => withLinksBeforeCart(items, pageIds));
        }
      }
      // The sample's local business shows its made-up address in the local header; an empty site fills in its own.
      if (input.templateId !== undefined) {
        await applyStarterTemplateIn(trx, row.id, templateId, input.sampleContent && templateId === 'local' ? LOCAL_SAMPLE_DETAILS : {});
      }
      return withOwner(trx, row.id);
    });
    const website = await findWebsiteById(db, row.id);
    if (!website) throw new Error(`Website ${row.id} vanished right after it was created.`);
    return { website, made };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CREATE_WEBSITE_MESSAGES.refused, { identifier: CREATE_WEBSITE_MESSAGES.identifierTaken });
    throw error;
  }
}

/** How many websites there are (the operator's list counts them; `bench/platform` too). */
export async function countWebsites(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('websites').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
