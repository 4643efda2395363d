// A throw-away Redis on loopback for the tests of the Redis rate-limit store (no persistence).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { freePort } from './free-port.mjs';

export const REDIS_SERVER = '/usr/bin/redis-server';

function answersPing(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startThrowawayRedis() {
  if (!existsSync(REDIS_SERVER)) throw new Error('redis-server not found (apt-get install -y redis-server)');
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100 && !(await answersPing(port)); i++) await new Promise((r) => setTimeout(r, 50));
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}
