import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import { openDatabaseFromEnv } from '../db/database';
import { migrate } from '../db/migrate';
import type { Database, Website } from '../db/schema';
import { isFailure } from '../failures';
import { announcePagesChanged } from '../page-cache';
import { objectStoreFromEnv, type ObjectStore } from '../storage';
import { WebsiteResolver } from '../websites';
import { archiveShelvesOf, installStoresOf } from './install-shelves';
import { SITE_ARCHIVE_MESSAGES } from './messages';
import { importSiteArchive, isNewWebsite } from './read-archive';
import { writeSiteArchive } from './write-archive';

/**
 * `npm run site -- export --host HOST [--personal-data] --out FILE` and `npm run site -- import FILE --host HOST`:
 * the owner's Export and import from the command line, for an operator moving a site between installs. It opens the
 * database the server uses (DATABASE_URL, else the embedded one in DATA_DIR) and its files (STORAGE_URL, else
 * DATA_DIR's disk). The embedded database allows one process at a time, so with PGlite stop the server first;
 * PostgreSQL needs no such thing (running servers hear that the imported website's pages changed).
 *
 * HOST names the website as a request's Host header does: `shop.example.com` (PLATFORM_DOMAIN's subdomain or a
 * verified custom domain); on a server with one website (no PLATFORM_DOMAIN) any host is that website.
 */
export const SITE_USAGE = [
  'Usage: npm run site -- export --host HOST [--personal-data] --out FILE',
  '       npm run site -- import FILE --host HOST',
].join('\n');

export interface SiteCommandOutput {
  say(line: string): void;
  fail(line: string): void;
}

export type SiteCommand =
  | { action: 'export'; host: string; out: string; includePersonalData: boolean }
  | { action: 'import'; host: string; file: string };

/** Reads the arguments; undefined when they do not make a command (the usage is printed, exit 2). */
export function parseSiteCommand(args: readonly string[]): SiteCommand | undefined {
  const [action, ...rest] = args;
  let host: string | undefined;
  let out: string | undefined;
  let includePersonalData = false;
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index]!;
    if (arg === '--host') host = rest[++index];
    else if (arg === '--out') out = rest[++index];
    else if (arg === '--personal-data') includePersonalData = true;
    else if (arg.startsWith('--')) return undefined;
    else positional.push(arg);
  }
  if (!host) return undefined;
  if (action === 'export' && out && positional.length === 0) return { action, host, out, includePersonalData };
  if (action === 'import' && positional.length === 1 && !out && !includePersonalData) return { action, host, file: positional[0]! };
  return undefined;
}

/** The website a Host header would reach on this install (a redirecting alias and a suspended site count). */
async function websiteAt(db: Kysely<Database>, host: string, env: NodeJS.ProcessEnv): Promise<Website | undefined> {
  const resolver = new WebsiteResolver(db, env.PLATFORM_DOMAIN?.toLowerCase() || undefined, { websiteIdentifier: env.WEBSITE || undefined });
  try {
    const answer = await resolver.forHost(host);
    return 'website' in answer ? answer.website : undefined;
  } finally {
    resolver.close();
  }
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * Runs one command on an open install (the database and the storage port): 0 done, 1 refused (with the reason and
 * each problem), 2 bad arguments. The test calls it on its own database and folder.
 */
export async function runSiteCommand(
  install: { db: Kysely<Database>; objects: ObjectStore }, args: readonly string[], env: NodeJS.ProcessEnv, out: SiteCommandOutput,
): Promise<number> {
  const command = parseSiteCommand(args);
  if (!command) {
    out.fail(SITE_USAGE);
    return 2;
  }
  const { db } = install;
  const website = await websiteAt(db, command.host, env);
  if (!website) {
    out.fail(`No website answers at ${command.host} on this install${env.PLATFORM_DOMAIN ? '' : ' (without PLATFORM_DOMAIN every host is the one website; is the database empty?)'}.`);
    return 1;
  }
  const files = archiveShelvesOf(installStoresOf(install.objects));
  if (command.action === 'export') {
    const target = path.resolve(command.out);
    // Written beside the target and renamed when whole: an interrupted export leaves no half archive under its name.
    const partial = `${target}.partial-${process.pid}`;
    try {
      const manifest = await writeSiteArchive(db, website.id, { includePersonalData: command.includePersonalData, files }, (archive: Readable) =>
        pipeline(archive, createWriteStream(partial)),
      );
      await rename(partial, target);
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const { size } = await stat(target);
      out.say(`Exported ${website.identifier} to ${target} (${plural(size, 'byte')}): ${plural(rows, 'row')} in ${plural(manifest.tables.length, 'table')}, ${plural(manifest.files.length, 'file')}.`);
      out.say(command.includePersonalData ? 'It holds personal data (orders, customers, subscribers): keep it safe.' : 'Without personal data (add --personal-data for orders, customers and subscribers).');
      return 0;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }
  if (!(await isNewWebsite(db, website.id))) {
    out.fail(SITE_ARCHIVE_MESSAGES.notNew);
    return 1;
  }
  const source = path.resolve(command.file);
  if (!(await stat(source).then((found) => found.isFile(), () => false))) {
    out.fail(`There is no file at ${source}.`);
    return 1;
  }
  try {
    const report = await importSiteArchive(db, website.id, createReadStream(source), files);
    const rows = Object.values(report.rows).reduce((sum, count) => sum + count, 0);
    // Every process serving this database drops the website's rendered pages (PostgreSQL's NOTIFY).
    await announcePagesChanged(db, website.id);
    out.say(
      `Imported ${source} into ${website.identifier}: ${plural(report.rows.site_pages ?? 0, 'page')}, ${plural(report.rows.products ?? 0, 'product')}, ${plural(rows, 'row')} in all, ${plural(report.files, 'file')}.`,
    );
    return 0;
  } catch (error) {
    if (!isFailure(error)) throw error;
    out.fail(error.message);
    for (const problem of Object.values(error.errors ?? {})) out.fail(`  ${problem}`);
    return 1;
  }
}

async function main(): Promise<number> {
  const out: SiteCommandOutput = { say: (line) => console.log(line), fail: (line) => console.error(line) };
  // Bad arguments are told before the database is opened.
  if (!parseSiteCommand(process.argv.slice(2))) {
    out.fail(SITE_USAGE);
    return 2;
  }
  const database = await openDatabaseFromEnv(process.env);
  try {
    await migrate(database.db);
    return await runSiteCommand({ db: database.db, objects: objectStoreFromEnv(process.env).store }, process.argv.slice(2), process.env, out);
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
