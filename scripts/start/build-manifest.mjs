// The rule `npm start` uses to decide whether a build (the storefront's or the owner app's Vite bundle, or the
// compiled server) is still current: a manifest written after each build lists every input file with its size,
// modification time and content hash. A start stats the inputs (cheap); only a file whose size or time moved is
// read and hashed, so a `touch` or a branch switch that leaves the content as it was costs no rebuild.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Why a build must be redone, or undefined when it is current. Pure: `current` maps each input path to its
 * { size, mtimeMs } now (undefined: the file is gone), `hashOf(path)` reads a file's content hash when asked.
 * An input is compared with the manifest's record of it; a path in one and not the other is an input added or removed.
 */
export function rebuildReason(manifest, builder, current, hashOf) {
  if (!manifest) return 'no previous build';
  if (manifest.builder !== builder) return 'the build itself changed';
  const recorded = manifest.files ?? {};
  for (const [file, now] of Object.entries(current)) {
    const before = recorded[file];
    if (!now) {
      if (before) return `${file} was removed`;
      continue;
    }
    if (!before) return `${file} was added`;
    if (before.size !== now.size) return `${file} changed`;
    if (before.mtimeMs !== now.mtimeMs && before.sha256 !== hashOf(file)) return `${file} changed`;
  }
  for (const file of Object.keys(recorded)) if (!(file in current)) return `${file} was removed`;
  return undefined;
}

export function hashFile(file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** { size, mtimeMs } of each file, undefined for a file that is not there. */
export function statFiles(files) {
  const state = {};
  for (const file of files) {
    try {
      const stat = statSync(file);
      state[file] = stat.isFile() ? { size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
    } catch {
      state[file] = undefined;
    }
  }
  return state;
}

/** Every file under `dir`, skipping build output, installed packages and tests (none of which a build reads). */
export function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist' && !entry.name.startsWith('.')) files.push(...filesUnder(full));
    } else if (entry.isFile() && !/\.test\.(ts|tsx|mjs)$/.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

export function readManifest(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Records the inputs as they were when the build started (a file edited during the build makes the next start rebuild). */
export function writeManifest(file, builder, state) {
  const files = {};
  for (const [input, now] of Object.entries(state)) if (now) files[input] = { ...now, sha256: hashFile(input) };
  writeFileSync(file, `${JSON.stringify({ builder, files }, null, 1)}\n`);
}

/** The manifest again with the inputs' present times: after a touch that changed no content, later starts skip the hashing. */
export function refreshManifestTimes(file, manifest, state) {
  let moved = false;
  const files = { ...manifest.files };
  for (const [input, now] of Object.entries(state)) {
    if (now && files[input] && files[input].mtimeMs !== now.mtimeMs) {
      files[input] = { ...files[input], mtimeMs: now.mtimeMs };
      moved = true;
    }
  }
  if (moved) writeFileSync(file, `${JSON.stringify({ ...manifest, files }, null, 1)}\n`);
}
