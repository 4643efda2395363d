// What the test command needs from Debian, and how it gets it: installs when run as root
// on Debian, otherwise stops with the exact command to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findPostgresBin } from './throwaway-postgres.mjs';
import { REDIS_SERVER } from './throwaway-redis.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const needs = [
  { name: 'chromium', present: () => existsSync(CHROMIUM_PATH) },
  { name: 'postgresql', present: () => findPostgresBin() !== null },
  { name: 'redis-server', present: () => existsSync(REDIS_SERVER) },
  { name: 'caddy', present: () => existsSync('/usr/bin/caddy') },
  { name: 'varnish', present: () => existsSync('/usr/sbin/varnishd') },
];

export function ensureSystemPackages(names) {
  const missing = needs.filter((n) => names.includes(n.name) && !n.present()).map((n) => n.name);
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  const canInstall = process.getuid?.() === 0 && existsSync('/etc/debian_version');
  if (!canInstall) {
    console.error(`Missing system packages: ${missing.join(', ')}. Run:\n  sudo sh -c '${command}'`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} (${command})`);
  execFileSync('sh', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
