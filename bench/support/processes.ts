/**
 * Processes the benchmarks start: a TypeScript entry (the server, a bare route) in its own Node process on a
 * free port, ready once it listens, stopped with SIGTERM (SIGKILL after 15 s). Shared by bench/page, cart and
 * analytics.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../packages/server/src/free-port';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningProcess {
  child: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

async function waitForPort(child: ChildProcess, port: number, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (listening) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} did not listen within ${timeoutMs} ms`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Runs a TypeScript entry in its own Node process on a free port and waits until it listens. */
export async function startScript(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  options: { onStdout?: (text: string) => void } = {},
): Promise<RunningProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', options.onStdout ? 'pipe' : 'ignore', 'inherit'],
  });
  if (options.onStdout) child.stdout!.on('data', (chunk: Buffer) => options.onStdout!(chunk.toString('utf8')));
  await waitForPort(child, port, script, 180_000);
  return { child, base: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

