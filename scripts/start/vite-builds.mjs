// The two Vite bundles `npm start` keeps current: the storefront's islands and the owner app. A bundle's inputs are
// its package's files and those of every workspace package it depends on (transitively), the lock file (the
// installed versions) and the shared TypeScript settings. node_modules is never walked: the lock file stands for it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesUnder, hashFile, readManifest, rebuildReason, refreshManifestTimes, statFiles, writeManifest } from './build-manifest.mjs';

const root = path.resolve(fileURLToPath(import.meta.url), '../../..');
const packagesDir = path.join(root, 'packages');

/** Bumped when what counts as an input changes, so every manifest written before is stale. */
const BUILDER = 'vite-builds 1';

/** Workspace package name → { dir, workspace dependencies }. */
function workspacePackages() {
  const packages = new Map();
  for (const name of readdirSync(packagesDir)) {
    const file = path.join(packagesDir, name, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8'));
    const dependencies = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies }).filter((dependency) => dependency.startsWith('@vitrine/'));
    packages.set(manifest.name, { dir: path.join(packagesDir, name), dependencies });
  }
  return packages;
}

/** The package and every workspace package it reaches. */
function packageClosure(packages, name, seen = new Set()) {
  if (seen.has(name) || !packages.has(name)) return seen;
  seen.add(name);
  for (const dependency of packages.get(name).dependencies) packageClosure(packages, dependency, seen);
  return seen;
}

/** Every file a build of `workspace` may read; READMEs are left out (no build reads them). */
export function viteBuildInputs(workspace, packages = workspacePackages()) {
  const files = [...packageClosure(packages, workspace)].flatMap((name) => filesUnder(packages.get(name).dir)).filter((file) => !file.endsWith('.md'));
  return [...files, path.join(root, 'package-lock.json'), path.join(root, 'tsconfig.base.json')];
}

export const VITE_BUILDS = [
  { workspace: '@vitrine/storefront', label: 'the storefront', dir: path.join(packagesDir, 'storefront') },
  { workspace: '@vitrine/owner-app', label: 'the owner app', dir: path.join(packagesDir, 'owner-app') },
];

const manifestFileOf = (build) => path.join(build.dir, 'dist/.vitrine-build.json');

/** Why the build must run, or undefined when its dist/ is current (refreshing the manifest's times if only they moved). */
export function viteBuildStaleness(build) {
  const manifest = readManifest(manifestFileOf(build));
  if (!manifest || !existsSync(path.join(build.dir, 'dist/manifest.json'))) return 'no previous build';
  const current = statFiles(viteBuildInputs(build.workspace));
  const reason = rebuildReason(manifest, BUILDER, current, hashFile);
  if (!reason) refreshManifestTimes(manifestFileOf(build), manifest, current);
  return reason;
}

/** Runs the package's own build script (Vite, then its compression and size steps), output kept unless it fails. */
export function runViteBuild(build) {
  const inputs = statFiles(viteBuildInputs(build.workspace));
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) return { ok: false, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
  writeManifest(manifestFileOf(build), BUILDER, inputs);
  return { ok: true };
}
