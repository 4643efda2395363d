import type { Kysely } from 'kysely';
import { CONTRIBUTOR_ROLES } from '@vitrine/contracts';
import { systemActor } from '../actor';
import type { Database } from '../db/schema';
import { findDefaultWebsite } from '../websites';
import { createSetupLink, needsFirstAdmin, SETUP_LINK_HOURS, setupLinkUrl } from './setup';

/**
 * No default password anywhere: while the website has no admin, every start prints a fresh one-time
 * link (valid 24 hours; it retires the links printed before it) that creates the first admin account.
 */
export async function printFirstAdminLinkIfNeeded(
  db: Kysely<Database>,
  log: { info(details: object, message: string): void },
  origin: string,
): Promise<string | undefined> {
  const website = await findDefaultWebsite(db, process.env.WEBSITE || undefined);
  if (!website || !(await needsFirstAdmin(db, website))) return undefined;
  const link = await createSetupLink(db, website, systemActor('first-run'), { role: CONTRIBUTOR_ROLES.admin });
  const url = setupLinkUrl(origin, link.token);
  log.info({ expiresAt: link.expiresAt }, 'no admin yet: printed a one-time set-up link');
  process.stdout.write(
    `\n  This website has no owner yet. Create the first admin account here (one use, valid ${SETUP_LINK_HOURS} hours):\n\n    ${url}\n\n`,
  );
  return url;
}
