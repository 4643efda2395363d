import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../../packages/server/src/db/schema';
import { freePort } from '@vitrine/server/free-port';
import { templateFingerprint } from '@vitrine/server/db/template-fingerprint';

const root = path.resolve(fileURLToPath(import.meta.url), '../../..');

export interface StartServerOptions {
  /** Extra environment for the server process (RATE_LIMIT_MAX, …). */
  env?: Record<string, string>;
  /**
   * Changes the freshly seeded demo store before the server opens it (e.g. a store setting the demo
   * store leaves off). Runs in this process on the same data dir; the server then finds it seeded.
   */
  prepareDatabase?: (db: Kysely<Database>) => Promise<void>;
  /**
   * Platform mode (issue 32): PLATFORM_DOMAIN, with PUBLIC_URL the platform's own address on the server's port
   * (`http://{platformDomain}:{port}`). Chromium resolves `*.localhost` to loopback, so 'vitrine.localhost' and its
   * websites' subdomains reach the server offline.
   */
  platformDomain?: string;
}

export interface RunningServer {
  /** The server on 127.0.0.1 (its health check, and the one website in one-site mode). */
  url: string;
  /** Platform mode: the platform's own address, `http://{platformDomain}:{port}`. */
  platformUrl?: string;
  stop(): Promise<void>;
}

/**
 * The server's database tools (support for prepareDatabase too), loaded only where needed: most journeys never open
 * the database themselves. The compiled tools when the run built
 * them (scripts/test.mjs sets VITRINE_DATABASE_SETUP_BUNDLE), else the TypeScript sources (one journey run on its own):
 * the sources cost each journey file seconds of CPU to load.
 */
export async function serverTools(): Promise<typeof import('../../packages/server/src/database-setup')> {
  const bundle = process.env.VITRINE_DATABASE_SETUP_BUNDLE;
  if (bundle) return (await import(/* @vite-ignore */ pathToFileURL(bundle).href)) as typeof import('../../packages/server/src/database-setup');
  return import('../../packages/server/src/database-setup');
}

/**
 * The data dir every journey's server starts from, migrated and seeded exactly as the server would on its first
 * start: made once per fingerprint of the migrations and the seed (the first journey makes it, in a private folder
 * renamed into place when complete), then copied for each server — a copy is a fraction of a second, migrating
 * and seeding a new embedded database several seconds.
 */
async function seededDataDir(): Promise<string> {
  const template = path.join(os.tmpdir(), `vitrine-e2e-data-${templateFingerprint()}`);
  if (existsSync(path.join(template, 'complete'))) return template;
  const building = mkdtempSync(`${template}.building-`);
  const { openDatabaseFromEnv, migrate, seedDemoSite } = await serverTools();
  const database = await openDatabaseFromEnv({ DATA_DIR: building });
  try {
    await migrate(database.db);
    await seedDemoSite(database.db);
  } finally {
    await database.close();
  }
  writeFileSync(path.join(building, 'complete'), '');
  try {
    renameSync(building, template);
  } catch {
    // Another journey finished first: use its copy.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

/** A private data dir holding a copy of the seeded template's database. */
async function freshDataDir(): Promise<string> {
  const template = await seededDataDir();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

/** Lets the test change the freshly seeded demo store before the server opens it. */
async function prepareDataDir(dataDir: string, prepare: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const started = Date.now();
  const { openDatabaseFromEnv } = await serverTools();
  const imported = Date.now();
  const database = await openDatabaseFromEnv({ DATA_DIR: dataDir });
  const opened = Date.now();
  try {
    await prepare(database.db);
    if (process.env.E2E_TIMING) console.log(`[e2e prepare] server modules imported in ${imported - started} ms, database opened in ${opened - imported} ms, prepared in ${Date.now() - opened} ms`);
  } finally {
    await database.close();
  }
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not become healthy in ${timeoutMs} ms`);
}

/**
 * Starts the real server (the same entry `npm start` runs) on a free port with a fresh
 * embedded database, seeded with the demo store (a copy of the seeded template, see seededDataDir).
 */
export async function startServer({ env = {}, prepareDatabase, platformDomain }: StartServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const platformUrl = platformDomain ? `http://${platformDomain}:${port}` : undefined;
  const platformEnv: Record<string, string> = platformDomain ? { PLATFORM_DOMAIN: platformDomain, PUBLIC_URL: platformUrl! } : {};
  const started = Date.now();
  const dataDir = await freshDataDir();
  const copied = Date.now();
  if (prepareDatabase) await prepareDataDir(dataDir, prepareDatabase);
  const prepared = Date.now();
  // The compiled server when the run built one (scripts/test.mjs sets VITRINE_SERVER_BUNDLE), as `npm start` runs it;
  // else the TypeScript sources through tsx (one journey run on its own).
  const entry = process.env.VITRINE_SERVER_BUNDLE ? ['--enable-source-maps', process.env.VITRINE_SERVER_BUNDLE] : ['--import', 'tsx', 'packages/server/src/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    // NODE_COMPILE_CACHE as `npm start` sets it: the 60-odd servers of a run compile the bundle's modules once (Node 22.1+).
    env: { ...process.env, NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'vitrine-e2e-node-compile-cache'), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...platformEnv, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, 120_000);
    if (process.env.E2E_TIMING) console.log(`[e2e server] data dir copied in ${copied - started} ms, prepared in ${prepared - copied} ms, healthy in ${Date.now() - prepared} ms`);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    ...(platformUrl ? { platformUrl } : {}),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
