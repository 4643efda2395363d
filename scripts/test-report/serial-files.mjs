// Test files that run one at a time, after the rest (vitest.config.ts, project "serial"): each spawns and kills
// server processes, holds row locks or a data directory's lock for seconds, or counts open connections, so a
// second test file running beside it on a 2-core machine would change what it measures.
export const SERIAL_TEST_FILES = [
  'packages/server/src/reliability/crash.test.ts',
  'packages/server/src/reliability/memory-soak.test.ts',
  'packages/server/src/reliability/races.test.ts',
  'packages/server/src/multi-process.test.ts',
  'packages/server/src/webhooks/two-processes.test.ts',
  'packages/server/src/site-settings/other-process.test.ts',
  'packages/server/src/db/data-dir-lock.test.ts',
  'packages/server/src/db/lock-timeout.test.ts',
  'packages/server/src/http/connection-limits.test.ts',
  // Spawns Debian's caddy in front of a listening server (on-demand TLS with its internal CA).
  'packages/server/src/websites/custom-domains/caddy.test.ts',
  // Spawns two server processes sharing one S3-protocol bucket (s3rver on loopback).
  'packages/server/src/storage/two-processes.test.ts',
];
