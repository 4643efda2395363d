// `npm start`: build the browser islands when they are missing or stale, then run the server.
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

const manifest = path.join(storefront, 'dist/manifest.json');
const stale = !existsSync(manifest) || statSync(manifest).mtimeMs < newestMtime(path.join(storefront, 'src'));
if (stale && existsSync(path.join(storefront, 'vite.config.ts'))) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@vitrine/storefront'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// React renders with its production build unless the operator says otherwise.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
