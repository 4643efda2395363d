import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../free-port';

/*
 * Real server processes (`node --import tsx packages/server/src/main.ts`, what `npm start` runs) and a
 * cookie-keeping fetch client, for the tests that need more than app.inject: two processes on one
 * PostgreSQL, and a kill -9 (multi-process.test.ts starts its servers with these too).
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  /** Everything it printed, for failure messages. */
  output: string[];
}

export interface StartOptions {
  /** DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite), and anything else main.ts reads. */
  env: Record<string, string>;
  timeoutMs?: number;
  /** Run this compiled server (`npm start`'s packages/server/dist/server.mjs) instead of main.ts through tsx. */
  bundle?: string;
}

/** Starts main.ts on a free loopback port and waits until /api/health answers 200. */
export async function startServerProcess({ env, timeoutMs = 90_000, bundle }: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every call comes from 127.0.0.1: one visitor as far as the rate limit can tell.
      RATE_LIMIT_MAX: '1000000000',
      RATE_LIMIT_WINDOW_MS: '3600000',
      // …and one address for the per-address connection cap: no cap.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before answering (code ${child.exitCode}, signal ${child.signalCode}):\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, port, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output.join('')}`);
}

function exited(server: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** SIGTERM (graceful: in-flight requests finish) and the exit code. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<number | null> {
  if (!server) return null;
  const done = exited(server);
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return (await done).code;
}

/** kill -9: no shutdown code runs, connections and files are left as they are. Resolves once the process is gone (reaped). */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  const done = exited(server);
  server.child.kill('SIGKILL');
  await done;
}

export interface HttpAnswer {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text. */
  body: any;
  text: string;
}

/** A browser over fetch: keeps its cookies and echoes the crumb, talking to whichever process it is pointed at. */
export class HttpVisitor {
  readonly cookies = new Map<string, string>();
  /** The xsrfToken of the last sign-in answer, echoed in X-SiteUser-XSRF-Token as the platform's client does. */
  siteUserXsrfToken: string | undefined;

  /** The Cookie header this visitor sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call(base: string, method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<HttpAnswer> {
    // Pages set no cookie: the first change asks for the crumb, as the storefront's client does.
    if (method !== 'GET' && !this.cookies.has('crumb')) await this.call(base, 'GET', '/api/crumb', undefined, signal);
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (method !== 'GET' && this.cookies.has('crumb')) headers['x-csrf-token'] = this.cookies.get('crumb')!;
    if (method !== 'GET' && this.siteUserXsrfToken) headers['x-siteuser-xsrf-token'] = this.siteUserXsrfToken;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1);
      if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.set(pair.slice(0, index), value);
      else this.cookies.delete(pair.slice(0, index));
    }
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
    const parsed: unknown = isJson && text ? JSON.parse(text) : text;
    const token = isJson ? (parsed as { xsrfToken?: unknown } | null)?.xsrfToken : undefined;
    if (typeof token === 'string') this.siteUserXsrfToken = token;
    return { status: response.status, body: parsed, text };
  }

  /** Loads a page (which sets no cookie: the first change asks GET /api/crumb). */
  visit(base: string, url = '/shop'): Promise<HttpAnswer> {
    return this.call(base, 'GET', url);
  }
}
