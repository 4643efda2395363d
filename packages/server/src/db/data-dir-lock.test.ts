import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './database';

describe('lockDataDir', () => {
  it('keeps a second live process out of the embedded database, and lets go on release', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-lock-'));
    const release = lockDataDir(root);
    expect(readFileSync(path.join(root, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    // Pretend the lock belongs to another live process: the parent of this one.
    writeFileSync(path.join(root, 'pglite.lock'), String(process.ppid));
    expect(() => lockDataDir(root)).toThrow(/Another process \(pid \d+\) is using the embedded database/);
    release();
    lockDataDir(root)();
  });

  it('takes over the stale lock of a process that is gone', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'vitrine-lock-'));
    writeFileSync(path.join(root, 'pglite.lock'), '999999999');
    const release = lockDataDir(root);
    expect(readFileSync(path.join(root, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
