import { CONTRIBUTOR_ROLES, type ContributorRoleName } from '@vitrine/contracts';
import { systemActor } from '../actor';
import { openDatabaseFromEnv } from '../db/database';
import { migrate } from '../db/migrate';
import { findDefaultWebsite } from '../websites';
import { createSetupLink, SETUP_LINK_HOURS, setupLinkUrl } from './setup';

/**
 * `npm run owner -- create EMAIL [--role storeManager]`: prints a one-time link that gives EMAIL a role
 * (admin by default) on the website, the same link the first start prints. It opens the database the
 * server uses (DATA_DIR or DATABASE_URL); the embedded database allows one process at a time, so with
 * PGlite stop the server first (PostgreSQL needs no such thing).
 */
const USAGE = 'usage: npm run owner -- create EMAIL [--role ROLE]   (ROLE: ' + Object.keys(CONTRIBUTOR_ROLES).join(', ') + ')';

export function parseOwnerCommand(args: readonly string[]): { email: string; role: ContributorRoleName } | { error: string } {
  const [command, email, ...rest] = args;
  if (command !== 'create' || !email || email.startsWith('--')) return { error: USAGE };
  let role: ContributorRoleName = 'admin';
  for (let index = 0; index < rest.length; index++) {
    if (rest[index] === '--role' && rest[index + 1] && rest[index + 1]! in CONTRIBUTOR_ROLES) role = rest[++index] as ContributorRoleName;
    else return { error: USAGE };
  }
  return { email, role };
}

async function main(): Promise<number> {
  const parsed = parseOwnerCommand(process.argv.slice(2));
  if ('error' in parsed) {
    console.error(parsed.error);
    return 2;
  }
  const env = process.env;
  const database = await openDatabaseFromEnv(env);
  try {
    await migrate(database.db);
    const website = await findDefaultWebsite(database.db, env.WEBSITE || undefined);
    if (!website) {
      console.error('There is no website in this database yet: start the server once (npm start) to create it.');
      return 1;
    }
    const link = await createSetupLink(database.db, website, systemActor('owner-cli'), { role: CONTRIBUTOR_ROLES[parsed.role], email: parsed.email });
    const origin = env.PUBLIC_URL || `http://localhost:${env.PORT ?? 3000}`;
    console.log(`One-time link for ${link.email} (${parsed.role}), valid ${SETUP_LINK_HOURS} hours:\n\n  ${setupLinkUrl(origin, link.token)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
