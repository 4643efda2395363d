import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rebuildReason } from './start/build-manifest.mjs';
import { viteBuildInputs } from './start/vite-builds.mjs';

const root = path.resolve(import.meta.dirname, '..');
const BUILDER = 'builder 1';
const manifest = {
  builder: BUILDER,
  files: {
    'a.ts': { size: 10, mtimeMs: 1000, sha256: 'hash-a' },
    'b.ts': { size: 20, mtimeMs: 2000, sha256: 'hash-b' },
  },
};
const same = { 'a.ts': { size: 10, mtimeMs: 1000 }, 'b.ts': { size: 20, mtimeMs: 2000 } };

/** A hash reader that records what it was asked to read. */
function hashes(values) {
  const asked = [];
  const hashOf = (file) => (asked.push(file), values[file]);
  return { asked, hashOf };
}

describe('the rebuild rule', () => {
  it('keeps a build whose inputs all have the sizes and times recorded, without reading any of them', () => {
    const { asked, hashOf } = hashes({});
    expect(rebuildReason(manifest, BUILDER, same, hashOf)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('keeps a build when a file was touched but its content is the same (the hash decides, only for that file)', () => {
    const { asked, hashOf } = hashes({ 'a.ts': 'hash-a' });
    expect(rebuildReason(manifest, BUILDER, { ...same, 'a.ts': { size: 10, mtimeMs: 5000 } }, hashOf)).toBeUndefined();
    expect(asked).toEqual(['a.ts']);
  });

  it('rebuilds when a file changed: a new time and another hash, or another size (no hash needed)', () => {
    expect(rebuildReason(manifest, BUILDER, { ...same, 'a.ts': { size: 10, mtimeMs: 5000 } }, hashes({ 'a.ts': 'other' }).hashOf)).toBe('a.ts changed');
    const { asked, hashOf } = hashes({});
    expect(rebuildReason(manifest, BUILDER, { ...same, 'b.ts': { size: 21, mtimeMs: 2000 } }, hashOf)).toBe('b.ts changed');
    expect(asked).toEqual([]);
  });

  it('rebuilds when an input was added or removed', () => {
    const noHash = hashes({}).hashOf;
    expect(rebuildReason(manifest, BUILDER, { ...same, 'c.ts': { size: 1, mtimeMs: 1 } }, noHash)).toBe('c.ts was added');
    expect(rebuildReason(manifest, BUILDER, { ...same, 'b.ts': undefined }, noHash)).toBe('b.ts was removed');
    expect(rebuildReason(manifest, BUILDER, { 'a.ts': same['a.ts'] }, noHash)).toBe('b.ts was removed');
  });

  it('rebuilds with no manifest (never built) or one written by another builder', () => {
    const noHash = hashes({}).hashOf;
    expect(rebuildReason(undefined, BUILDER, same, noHash)).toBe('no previous build');
    expect(rebuildReason(manifest, 'builder 2', same, noHash)).toBe('the build itself changed');
  });
});

describe("a Vite bundle's inputs", () => {
  it("are its package's files and those of the workspace packages it imports, plus the lock file — not node_modules, dist or tests", () => {
    const inputs = viteBuildInputs('@vitrine/storefront').map((file) => path.relative(root, file));
    expect(inputs).toContain('packages/storefront/src/client.tsx');
    expect(inputs).toContain('packages/storefront/vite.config.ts');
    // The rule the storefront's islands share with the server: changing it must rebuild the islands.
    expect(inputs).toContain('packages/commerce/src/index.ts');
    expect(inputs).toContain('package-lock.json');
    expect(inputs.some((file) => file.includes('node_modules') || file.includes('/dist/') || /\.test\.tsx?$/.test(file) || file.endsWith('.md'))).toBe(false);
    // Not a dependency of the storefront.
    expect(inputs.some((file) => file.startsWith('packages/server/'))).toBe(false);
    expect(viteBuildInputs('@vitrine/owner-app').map((file) => path.relative(root, file))).toEqual(
      expect.arrayContaining(['packages/owner-app/index.html', 'packages/owner-client/src/index.ts', 'packages/storefront/src/client.tsx']),
    );
  });
});
