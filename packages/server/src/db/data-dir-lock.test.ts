import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './database';

const freshRoot = () => mkdtempSync(path.join(os.tmpdir(), 'vitrine-lock-'));
const lockFile = (root: string) => path.join(root, 'pglite.lock');

/** What /proc says of a pid's start time (the lock file's second field). */
const startTimeOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

describe('lockDataDir', () => {
  it('writes its pid and start time, keeps a second live process out, and lets go on release', async () => {
    const root = freshRoot();
    const release = await lockDataDir(root);
    expect(readFileSync(lockFile(root), 'utf8')).toBe(`${process.pid} ${startTimeOf(process.pid)}`);
    // Pretend the lock belongs to another live process: the parent of this one.
    writeFileSync(lockFile(root), `${process.ppid} ${startTimeOf(process.ppid)}`);
    await expect(lockDataDir(root, { waitMs: 300 })).rejects.toThrow(/Another process \(pid \d+\) is using the embedded database/);
    release();
    (await lockDataDir(root, { waitMs: 0 }))();
  });

  it('takes over the stale lock of a process that is gone', async () => {
    const root = freshRoot();
    writeFileSync(lockFile(root), '999999999 12345');
    const release = await lockDataDir(root, { waitMs: 0 });
    expect(readFileSync(lockFile(root), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse after a restart)', async () => {
    const root = freshRoot();
    const unrelated = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      // The lock of a server that ran before a restart: same pid number, another process's start time.
      writeFileSync(lockFile(root), `${unrelated.pid} 1`);
      const release = await lockDataDir(root, { waitMs: 0 });
      release();
    } finally {
      unrelated.kill('SIGKILL');
    }
  });

  it('waits for a live owner to let go instead of refusing at once', async () => {
    const root = freshRoot();
    const release = await lockDataDir(root);
    // Another owner (this test's parent) holds it; it lets go 300 ms later.
    writeFileSync(lockFile(root), `${process.ppid} ${startTimeOf(process.ppid)}`);
    setTimeout(release, 300);
    const started = Date.now();
    const next = await lockDataDir(root, { waitMs: 5_000, pollMs: 20 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    next();
  });
});
