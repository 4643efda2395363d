import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { openDatabaseFromEnv } from './db/database';
import { migrate } from './db/migrate';
import { seedDemoSite } from './demo-site';
import { runThemeCommand } from './themes';

/**
 * `npm run theme -- check DIR | dev DIR [--port N] | pack DIR [OUT]` (themes/cli.ts). The dev command's server is
 * assembled here, like main.ts's: a fresh embedded database in a temporary DATA_DIR, migrated and seeded with the
 * demo store as `npm start` seeds it, rendering with the theme in DIR (reloaded on save); removed on Ctrl-C.
 */
async function startThemeDevServer(dir: string, port: number): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-theme-dev-'));
  const database = await openDatabaseFromEnv({ DATA_DIR: dataDir });
  await migrate(database.db);
  await seedDemoSite(database.db);
  const app = await buildApp({ db: database.db, databaseKind: database.kind, themeDevDir: dir, publicUrl: `http://localhost:${port}` });
  const address = await app.listen({ port, host: '127.0.0.1' });
  console.log(`Theme dev server for ${dir} at ${address.replace('127.0.0.1', 'localhost')} — save a file and the browser reloads.`);
  const stop = async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());
  return new Promise<number>(() => {});
}

runThemeCommand(process.argv.slice(2), startThemeDevServer).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
