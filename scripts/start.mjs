// `npm start`: build the browser islands and the owner app when they are missing or stale, then run the server.
// The server migrates and seeds the demo store on an empty DATA_DIR by itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const storefront = path.join(root, 'packages/storefront');

function newestMtime(dir) {
  let newest = 0;
  for (const file of readdirSync(dir, { recursive: true })) {
    const stat = statSync(path.join(dir, String(file)));
    if (stat.isFile()) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Builds a Vite package when its manifest is missing or older than its sources. */
function buildIfStale(dir, workspace, sources) {
  const manifest = path.join(dir, 'dist/manifest.json');
  const newestSource = Math.max(...sources.filter((source) => existsSync(source)).map((source) => (statSync(source).isDirectory() ? newestMtime(source) : statSync(source).mtimeMs)));
  const stale = !existsSync(manifest) || statSync(manifest).mtimeMs < newestSource;
  if (!stale || !existsSync(path.join(dir, 'vite.config.ts'))) return;
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

buildIfStale(storefront, '@vitrine/storefront', [path.join(storefront, 'src')]);
// The owner app at /config (its sources, page and public files).
const ownerApp = path.join(root, 'packages/owner-app');
buildIfStale(ownerApp, '@vitrine/owner-app', [path.join(ownerApp, 'src'), path.join(ownerApp, 'public'), path.join(ownerApp, 'index.html')]);

// React renders with its production build unless the operator says otherwise.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
