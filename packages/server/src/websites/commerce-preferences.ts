import { sql, type Kysely } from 'kysely';
import { SITE_SETTINGS_LIMITS } from '@vitrine/contracts';
import type { Database, Website } from '../db/schema';
import { invalid, notFound } from '../failures';
import { notifyWebsiteChanged } from './changes';

/**
 * Commerce preferences (platform spec §3, §4, §7): a free-form set of fields per website. They are the
 * website's settings object (websites.settings, which the storefront reads through WebsiteCache) plus
 * the currency column, so a change is served on this process's next request and by every other
 * process within WEBSITE_FRESH_MS, without a restart.
 */
export type CommercePreferences = Record<string, unknown>;
/** The answer: the preferences, always with the currency. */
export type CommercePreferencesAnswer = { currency: string; [key: string]: unknown };

/** Settings of the site rather than the store: kept out of the preferences (other calls own them). */
export const SITE_OWNED_SETTINGS: readonly string[] = ['siteDescription', 'commentsEnabled', 'simpleLikingEnabled', 'disqusShortname', 'analyticsDisabled', 'analyticsCookieRestrictions'];

export const COMMERCE_PREFERENCE_MESSAGES = {
  invalid: 'Some preferences are not valid.',
  tooLarge: `This value is too large (${SITE_SETTINGS_LIMITS.preferenceValueBytes} bytes of JSON at most, nested ${SITE_SETTINGS_LIMITS.preferenceValueDepth} deep at most).`,
  siteOwned: 'This is a site setting, not a commerce preference.',
  tooMany: `A website keeps ${SITE_SETTINGS_LIMITS.preferenceKeys} preferences at most.`,
  afterPayRange: 'afterPayMin must not be more than afterPayMax.',
  manualPaymentLabelRequired: 'Name the method, such as Bank transfer, or turn it off.',
  manualPaymentInstructionsRequired: 'Write the instructions shoppers follow to pay, or turn the method off.',
  websiteGone: 'That website no longer exists.',
} as const;

/**
 * Empty means "no value": null, '', an empty list and an empty object. Such a field is removed when
 * sent and never answered (the spec drops empty values); false and 0 are values and are kept.
 */
export function isEmptyPreference(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value as object).length === 0;
}

/** How deep a JSON value nests (a scalar is 0, [] or {} is 1). */
export function jsonDepth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value as object);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, jsonDepth(child)), 0);
}

/** The preferences a website answers with: its settings and currency, websiteId and empty values left out. */
export function commercePreferencesOf(website: Website): CommercePreferencesAnswer {
  const answer: CommercePreferencesAnswer = { currency: website.currency };
  for (const [key, value] of Object.entries(website.settings)) {
    if (key === 'websiteId' || SITE_OWNED_SETTINGS.includes(key) || isEmptyPreference(value)) continue;
    answer[key] = value;
  }
  answer.currency = website.currency;
  return answer;
}

/** A free-form value past the size or nesting bound. */
function isOversized(value: unknown): boolean {
  if (jsonDepth(value) > SITE_SETTINGS_LIMITS.preferenceValueDepth) return true;
  return Buffer.byteLength(JSON.stringify(value)) > SITE_SETTINGS_LIMITS.preferenceValueBytes;
}

export interface PreferenceChanges {
  currency?: string;
  /** Preferences to set. */
  set: CommercePreferences;
  /** Preferences to remove (sent empty). */
  removed: string[];
}

/**
 * Reads a PUT body (already checked by its schema: names, the known fields' types) into changes: the
 * fields that remain free-form are bounded here, websiteId is ignored, and empty values mean removal.
 */
export function readPreferenceChanges(website: Website, body: CommercePreferences): PreferenceChanges {
  const errors: Record<string, string> = {};
  const changes: PreferenceChanges = { set: {}, removed: [] };
  for (const [key, value] of Object.entries(body)) {
    if (key === 'websiteId') continue;
    if (SITE_OWNED_SETTINGS.includes(key)) {
      errors[key] = COMMERCE_PREFERENCE_MESSAGES.siteOwned;
    } else if (key === 'currency') {
      if (typeof value === 'string') changes.currency = value;
    } else if (isEmptyPreference(value)) {
      changes.removed.push(key);
    } else if (isOversized(value)) {
      errors[key] = COMMERCE_PREFERENCE_MESSAGES.tooLarge;
    } else {
      changes.set[key] = value;
    }
  }
  const merged = { ...website.settings, ...changes.set };
  for (const key of changes.removed) delete merged[key];
  const min = merged.afterPayMin;
  const max = merged.afterPayMax;
  if (typeof min === 'number' && typeof max === 'number' && min > max) errors.afterPayMin = COMMERCE_PREFERENCE_MESSAGES.afterPayRange;
  // The manual payment method is on only with what the shopper needs: its name and how to pay (orders/manual-payment.ts).
  if (merged.manualPaymentEnabled === true) {
    const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
    if (blank(merged.manualPaymentLabel)) errors.manualPaymentLabel = COMMERCE_PREFERENCE_MESSAGES.manualPaymentLabelRequired;
    if (blank(merged.manualPaymentInstructions)) errors.manualPaymentInstructions = COMMERCE_PREFERENCE_MESSAGES.manualPaymentInstructionsRequired;
  }
  if (Object.keys(merged).length > SITE_SETTINGS_LIMITS.preferenceKeys) {
    errors[Object.keys(changes.set)[0] ?? 'preferences'] = COMMERCE_PREFERENCE_MESSAGES.tooMany;
  }
  if (Object.keys(errors).length > 0) throw invalid(COMMERCE_PREFERENCE_MESSAGES.invalid, errors);
  return changes;
}

/**
 * Saves the changes in one statement (settings merged in the database, so two owners changing
 * different preferences at once lose neither) and tells this process's caches at once.
 */
export async function saveCommercePreferences(db: Kysely<Database>, website: Website, changes: PreferenceChanges): Promise<Website> {
  const updated = await db
    .updateTable('websites')
    .set({
      settings: sql`(settings || ${JSON.stringify(changes.set)}::jsonb) - ${changes.removed}::text[]` as unknown as string,
      ...(changes.currency ? { currency: changes.currency } : {}),
    })
    .where('id', '=', website.id)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw notFound(COMMERCE_PREFERENCE_MESSAGES.websiteGone);
  notifyWebsiteChanged(website.id);
  return updated;
}
