// The compiled server `npm start` runs: it is built from the sources, starts with plain node, answers /api/health,
// and says what a first start does (and nothing of it on the next start). Real processes on free ports.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.mjs';
import { buildServerBundle, serverBundleStaleness } from './start/server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
// Under packages/server, where the bundle's packages resolve from; its own folder, so `npm start`'s bundle is left alone.
const bundleDir = path.join(root, 'packages/server/dist', `start-test-${process.pid}`);
const bundle = path.join(bundleDir, 'server.mjs');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-start-test-'));

/** Runs the bundle until /api/health answers 200, then stops it; resolves to what it printed. */
async function startAndStop() {
  const port = await freePort();
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const deadline = Date.now() + 170_000;
    let health;
    while (Date.now() < deadline && child.exitCode === null) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.json().then((body) => ({ status: response.status, body })), () => undefined);
      if (health?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health, output).toEqual({ status: 200, body: { status: 'ok', database: 'pglite' } });
  } finally {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
  // The human lines only: the structured logs are JSON.
  return { port, lines: output.split('\n').filter((line) => line.trim() && !line.startsWith('{')) };
}

beforeAll(async () => {
  await buildServerBundle(bundle);
}, 120_000);
afterAll(() => {
  rmSync(bundleDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is current right after its build, and stays current when a source is touched without changing', () => {
    expect(serverBundleStaleness(bundle)).toBeUndefined();
    const source = path.join(root, 'packages/server/src/main.ts');
    const { atime, mtime } = statSync(source);
    try {
      const later = new Date(Date.now() + 60_000);
      utimesSync(source, later, later);
      expect(serverBundleStaleness(bundle)).toBeUndefined();
    } finally {
      utimesSync(source, atime, mtime);
    }
  });

  it('on a first start says what it does, then where it listens; a second start only where it listens', { timeout: 360_000 }, async () => {
    const first = await startAndStop();
    expect(first.lines).toEqual([
      expect.stringMatching(new RegExp(`^Creating the database in ${dataDir}… done in \\d+\\.\\d s$`)),
      expect.stringMatching(/^Applying \d+ migrations… done in \d+\.\d s$/),
      expect.stringMatching(/^Seeding the demo store… done in \d+\.\d s$/),
      `Vitrine is running at http://127.0.0.1:${first.port}`,
      expect.stringMatching(/no owner yet/),
      expect.stringMatching(/^ +http:\/\/127\.0\.0\.1:\d+\/config\/setup\?token=/),
    ]);

    const second = await startAndStop();
    expect(second.lines).toEqual([
      `Vitrine is running at http://127.0.0.1:${second.port}`,
      expect.stringMatching(/no owner yet/),
      expect.stringMatching(/^ +http:\/\/127\.0\.0\.1:\d+\/config\/setup\?token=/),
    ]);
  });
});
