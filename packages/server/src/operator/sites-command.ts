import type { Kysely } from 'kysely';
import { ObjectLessonVideoStore } from '../courses';
import { ObjectThemeStore } from '../themes';
import type { Database } from '../db/schema';
import { ObjectDownloadStore } from '../downloads';
import { isFailure } from '../failures';
import { ObjectImageStore } from '../images';
import { objectStoreFromEnv, prefixedStore } from '../storage';
import { siteUrlOf } from '../mail';
import { setupLinkUrl } from '../owner';
import {
  createWebsite, deleteWebsite, findWebsiteForOperator, listWebsitesForOperator, purgeDeletedWebsites, restoreWebsite, resumeWebsite, suspendWebsite,
} from '../platform';
import { requestsOnDays, todayAndYesterday } from '../request-days';
import { QUOTA_KINDS, setWebsiteQuotas, websiteUsage, type QuotaKind, type WebsiteUsage } from '../quotas';

/**
 * `npm run platform -- sites …`: the operator's actions on the websites of the install (platform/operator.ts).
 * `create` prints the first admin's one-time set-up link; `delete` is soft (the hosts answer like unknown ones at
 * once) and `purge` removes, rows and files, every website deleted longer ago than the grace period.
 */
export const SITES_USAGE = [
  'sites list',
  'sites create --identifier ID [--title TITLE] [--template sample|empty] --owner EMAIL',
  'sites suspend ID | resume ID | delete ID | restore ID | usage ID',
  'sites quotas ID [--products N] [--storageBytes N] [--contributors N] [--mailsPerDay N]  (N, or default)',
  'sites purge [--grace-days N]',
].join('\n  npm run platform -- ');

/** The actions `sites` knows (others get the usage before the database is opened). */
export const SITES_ACTIONS: readonly string[] = ['list', 'create', 'suspend', 'resume', 'delete', 'restore', 'usage', 'quotas', 'purge'];

export interface SitesCommandOutput {
  say(line: string): void;
  fail(line: string): void;
}

function flag(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Answers the exit code: 0 done, 1 refused (with the reason), 2 bad arguments. */
export async function runSitesCommand(db: Kysely<Database>, args: readonly string[], env: NodeJS.ProcessEnv, out: SitesCommandOutput): Promise<number> {
  const [action, target] = args;
  try {
    switch (action) {
      case 'list': {
        const rows = await listWebsitesForOperator(db, { limit: 10_000 });
        for (const row of rows) {
          const state = row.deleted_at ? 'deleted' : row.suspended_at ? 'suspended' : 'live';
          out.say(`${row.identifier.padEnd(24)} ${state.padEnd(10)} ${row.site_title}  (${row.id}, created ${row.created_at.toISOString().slice(0, 10)})`);
        }
        out.say(`${rows.length} website${rows.length === 1 ? '' : 's'}`);
        return 0;
      }
      case 'create': {
        const identifier = flag(args, 'identifier');
        const owner = flag(args, 'owner');
        const template = flag(args, 'template') ?? 'sample';
        if (!identifier || !owner || (template !== 'sample' && template !== 'empty')) return bad(out);
        const { website, setupLink } = await createWebsite(db, { identifier, siteTitle: flag(args, 'title') ?? identifier, sampleContent: template === 'sample', ownerEmail: owner });
        const origin = siteUrlOf({ publicUrl: env.PUBLIC_URL || `http://localhost:${env.PORT ?? 3000}`, platformDomain: env.PLATFORM_DOMAIN?.toLowerCase() || undefined }, website);
        out.say(`Created ${website.identifier} (${website.id}).`);
        out.say(`The owner's one-time set-up link (for ${setupLink.email}, until ${setupLink.expiresAt.toISOString()}):`);
        out.say(setupLinkUrl(origin, setupLink.token));
        return 0;
      }
      case 'suspend':
      case 'resume':
      case 'delete':
      case 'restore': {
        if (!target) return bad(out);
        const act = { suspend: suspendWebsite, resume: resumeWebsite, delete: deleteWebsite, restore: restoreWebsite }[action];
        const website = await act(db, target);
        const done = { suspend: 'suspended', resume: 'resumed', delete: 'deleted (restorable until it is purged)', restore: 'restored' }[action];
        out.say(`${website.identifier}: ${done}. Running servers notice within a second.`);
        return 0;
      }
      case 'usage': {
        if (!target) return bad(out);
        const website = await findWebsiteForOperator(db, target);
        sayUsage(out, website.identifier, await websiteUsage(db, website.id));
        const [today, yesterday] = todayAndYesterday();
        const [requestsToday, requestsYesterday] = (await requestsOnDays(db, [website.id], [today, yesterday])).get(website.id)!;
        out.say(`${website.identifier}: requests today ${requestsToday}, yesterday ${requestsYesterday} (UTC days; each server adds its counts every few seconds)`);
        return 0;
      }
      case 'quotas': {
        // --products 100 --storageBytes 1000000000 --contributors 5 --mailsPerDay 500; "default" for the platform's.
        if (!target) return bad(out);
        const website = await findWebsiteForOperator(db, target);
        const quotas: Partial<Record<QuotaKind, number | null>> = {};
        for (const kind of QUOTA_KINDS) {
          const value = flag(args, kind);
          if (value !== undefined) quotas[kind] = value === 'default' ? null : Number(value);
        }
        if (Object.keys(quotas).length === 0) return bad(out);
        sayUsage(out, website.identifier, await setWebsiteQuotas(db, website.id, quotas));
        return 0;
      }
      case 'purge': {
        // The same store the server uses (STORAGE_URL, else DATA_DIR's disk), through the storage port.
        const { store: objects } = objectStoreFromEnv(env);
        const images = new ObjectImageStore(prefixedStore(objects, 'images/'));
        const downloads = new ObjectDownloadStore(prefixedStore(objects, 'downloads/'));
        const videos = new ObjectLessonVideoStore(prefixedStore(objects, 'lesson-videos/'));
        const themes = new ObjectThemeStore(prefixedStore(objects, 'themes/'));
        const graceDays = flag(args, 'grace-days');
        const purged = await purgeDeletedWebsites(
          db,
          { removeImage: (id) => images.removeImage(id), removeDownload: (key) => downloads.remove(key), removeLessonVideo: (key) => videos.remove(key), removeThemeArchive: (key) => themes.remove(key) },
          graceDays === undefined ? {} : { graceDays: Number(graceDays) },
        );
        out.say(purged.length === 0 ? 'No deleted website is past its grace period.' : `Removed for good: ${purged.join(', ')}`);
        return 0;
      }
      default:
        return bad(out);
    }
  } catch (error) {
    if (!isFailure(error)) throw error;
    const fields = error.errors ? Object.entries(error.errors).map(([field, message]) => ` ${field}: ${message}`).join(';') : '';
    out.fail(`${error.message}${fields}`);
    return 1;
  }
}

function sayUsage(out: SitesCommandOutput, identifier: string, usage: WebsiteUsage): void {
  const parts = Object.entries(usage).map(([kind, entry]) => `${kind} ${entry.used}${entry.limit === null ? '' : ` of ${entry.limit} (${entry.limitFrom})`}`);
  out.say(`${identifier}: ${parts.join(', ')}`);
}

function bad(out: SitesCommandOutput): number {
  out.fail(`usage:\n  npm run platform -- ${SITES_USAGE}`);
  return 2;
}
