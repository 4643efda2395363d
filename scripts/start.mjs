// `npm start`: bring the browser bundles (storefront islands, owner app) and the compiled server up to date, each only
// when its inputs changed since it was built (scripts/start/build-manifest.mjs), then run the server with plain node.
// The server creates, migrates and seeds an empty DATA_DIR by itself and says so; a start with nothing to build and a
// ready database prints only where the server listens (and the set-up link while the site has no owner).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerBundle, serverBundle, serverBundleStaleness, serverEntry } from './start/server-bundle.mjs';
import { runViteBuild, VITE_BUILDS, viteBuildStaleness } from './start/vite-builds.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../..');
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

// Node.js 22 and 24 are the supported LTS lines (package.json engines); another version is said once, not refused.
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor !== 22 && nodeMajor !== 24) {
  console.warn(`Vitrine supports Node.js 22 and 24; this is ${process.version}. Install a current LTS release (nodejs.org) if anything misbehaves.`);
}

for (const build of VITE_BUILDS) {
  if (!viteBuildStaleness(build)) continue;
  const started = performance.now();
  process.stdout.write(`Building ${build.label}…`);
  const result = runViteBuild(build);
  if (!result.ok) {
    process.stdout.write(' failed:\n\n');
    process.stderr.write(result.output);
    process.exit(1);
  }
  process.stdout.write(` done in ${seconds(started)}\n`);
}

// The server: the compiled bundle when it can be built, the TypeScript sources through tsx otherwise.
let serverArgs = [serverBundle];
if (serverBundleStaleness()) {
  const started = performance.now();
  process.stdout.write('Compiling the server…');
  try {
    await buildServerBundle();
    process.stdout.write(` done in ${seconds(started)}\n`);
  } catch (error) {
    process.stdout.write(` failed (${error.message.split('\n')[0]}); running the TypeScript sources through tsx instead\n`);
    serverArgs = ['--import', 'tsx', serverEntry];
  }
}

const env = {
  ...process.env,
  // React renders with its production build unless the operator says otherwise.
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  // Node 22.1 and later keep the modules' compiled code here between starts (older versions ignore it).
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(root, 'node_modules/.cache/vitrine-node-compile-cache'),
};
const server = spawn(process.execPath, ['--enable-source-maps', ...serverArgs], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
