// Starts (and stops) a throw-away PostgreSQL cluster on loopback for tests.
// Used by scripts/test.mjs and by .ci/run (`node scripts/throwaway-postgres.mjs start|stop DIR`).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const isRoot = process.getuid?.() === 0;

export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

// initdb refuses to run as root, so as root the cluster belongs to the postgres user.
function runAsOwner(command, args) {
  if (isRoot) {
    const quoted = [command, ...args].map((a) => `'${String(a).replace(/'/g, `'\\''`)}'`).join(' ');
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { stdio: ['ignore', 'ignore', 'inherit'] });
  } else {
    execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  }
}

export async function startThrowawayPostgres() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-pg-'));
  if (isRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
  const port = await freePort();
  runAsOwner(path.join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  runAsOwner(path.join(bin, 'pg_ctl'), [
    '-D', dir, '-l', path.join(dir, 'server.log'), '-w', 'start',
    '-o', `-c listen_addresses=127.0.0.1 -p ${port} -c max_connections=300 -c fsync=off -c unix_socket_directories=${dir}`,
  ]);
  return { dir, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

export function stopThrowawayPostgres(dir) {
  const bin = findPostgresBin();
  try {
    if (bin) runAsOwner(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, dir] = process.argv.slice(2);
  if (command === 'start') {
    const cluster = await startThrowawayPostgres();
    console.log(`export TEST_DATABASE_URL='${cluster.url}'; export VITRINE_PG_DIR='${cluster.dir}'`);
  } else if (command === 'stop' && dir) {
    stopThrowawayPostgres(dir);
  } else {
    console.error('usage: throwaway-postgres.mjs start | stop DIR');
    process.exit(2);
  }
}
