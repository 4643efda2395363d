import { PerDatabaseCache } from '../db/per-database-cache';
import { cacheCountsFor } from '../cache-counts';
import type { Kysely } from 'kysely';
import { effectiveFeatureFlags, FEATURE_FLAGS, FEATURE_FLAGS_ON_BY_DEFAULT, NAMED_FEATURE_FLAGS, type NamedFeatureFlag } from '@vitrine/experiments';
import type { FeatureFlagsReply, UpdateFeatureFlagsBody } from '@vitrine/contracts';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { inTransaction } from '../db/transactions';
import { invalid, notFound } from '../failures';
import { listFeatureFlagRows } from './queries';

/**
 * The platform feature flags of a website (1–70): the defaults of @vitrine/experiments, then the owner's
 * switches (website_feature_flags). Read on many requests (gift card calls, pages), so each process keeps
 * them for FEATURE_FLAG_CACHE_MS and forgets a website's at once when its owner changes them here; another
 * process sees the change within that time.
 */
export const FEATURE_FLAG_CACHE_MS = 2_000;
export const FEATURE_FLAG_MESSAGES = {
  duplicate: 'Each flag may be listed once.',
  giftCardsOff: 'Gift cards are not offered on this website.',
  subscriptionsOff: 'Subscriptions are not offered on this website.',
  siteUserAccountsOff: 'Accounts are not offered on this website.',
} as const;

const cache = new PerDatabaseCache<{ flags: Set<number>; readAt: number }>();

export async function featureFlagsOf(db: Kysely<Database>, websiteId: string, now = Date.now()): Promise<Set<number>> {
  const cached = cache.get(db, websiteId);
  const counts = cacheCountsFor(db, 'feature-flags');
  if (cached && now - cached.readAt < FEATURE_FLAG_CACHE_MS) {
    counts.hit();
    return cached.flags;
  }
  counts.miss();
  const flags = effectiveFeatureFlags(await listFeatureFlagRows(db, websiteId));
  cache.set(db, websiteId, { flags, readAt: now });
  return flags;
}

/** Whether a named feature is on for the website (gift cards, subscriptions, site user accounts…). */
export async function isFeatureOn(db: Kysely<Database>, websiteId: string, feature: NamedFeatureFlag): Promise<boolean> {
  return (await featureFlagsOf(db, websiteId)).has(NAMED_FEATURE_FLAGS[feature]);
}

/** Refuses a shopper's call for a feature the website has switched off (a 404: for this shopper it does not exist). */
export async function requireFeature(db: Kysely<Database>, websiteId: string, feature: NamedFeatureFlag, message: string): Promise<void> {
  if (!(await isFeatureOn(db, websiteId, feature))) throw notFound(message);
}

/** Forgets this process's copy of the website's flags (tests; another change path). */
export function forgetFeatureFlags(db: Kysely<Database>, websiteId: string): void {
  cache.delete(db, websiteId);
}

function replyOf(flags: Set<number>): FeatureFlagsReply {
  const defaults = new Set(FEATURE_FLAGS_ON_BY_DEFAULT);
  return { flags: FEATURE_FLAGS.map(({ code, name }) => ({ code, name, enabled: flags.has(code), isDefault: flags.has(code) === defaults.has(code) })) };
}

export async function getFeatureFlags(db: Kysely<Database>, website: Website, actor: Actor): Promise<FeatureFlagsReply> {
  authorize(actor, 'site:read');
  return replyOf(effectiveFeatureFlags(await listFeatureFlagRows(db, website.id)));
}

/** Switches flags; a flag set back to its default is forgotten (so a later default change reaches it). */
export async function updateFeatureFlags(db: Kysely<Database>, website: Website, actor: Actor, input: UpdateFeatureFlagsBody): Promise<FeatureFlagsReply> {
  authorize(actor, 'site:write');
  const codes = input.flags.map((flag) => flag.code);
  if (new Set(codes).size !== codes.length) throw invalid(FEATURE_FLAG_MESSAGES.duplicate, { flags: FEATURE_FLAG_MESSAGES.duplicate });
  const defaults = new Set(FEATURE_FLAGS_ON_BY_DEFAULT);
  await inTransaction(db, async (trx) => {
    for (const { code, enabled } of input.flags) {
      if (defaults.has(code) === enabled) {
        await trx.deleteFrom('website_feature_flags').where('website_id', '=', website.id).where('code', '=', code).execute();
      } else {
        await trx
          .insertInto('website_feature_flags')
          .values({ website_id: website.id, code, enabled })
          .onConflict((oc) => oc.columns(['website_id', 'code']).doUpdateSet({ enabled, updated_at: new Date() }))
          .execute();
      }
    }
  });
  cache.delete(db, website.id);
  return replyOf(effectiveFeatureFlags(await listFeatureFlagRows(db, website.id)));
}
