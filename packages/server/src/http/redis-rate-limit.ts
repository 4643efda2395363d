import net from 'node:net';
import { windowStartOf, type BackOffClaim, type BackOffPolicy, type RateLimitStore } from './rate-limit';

export type Reply = string | number | null | Error;

/**
 * Takes one attempt under an exponential back-off, atomically (a script runs alone in Redis). The
 * record is a hash { attempts, last } that expires forgetAfterMs after its latest allowed attempt.
 * Answers the new attempt count, or minus the milliseconds to wait (a refused attempt changes nothing).
 * ARGV: now, free, baseMs, maxMs, forgetAfterMs.
 */
const CLAIM_BACK_OFF_SCRIPT = `
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local record = redis.call('HMGET', KEYS[1], 'attempts', 'last')
local attempts = tonumber(record[1]) or 0
local last = tonumber(record[2]) or 0
-- Forgotten by the caller's clock too, not only by Redis's expiry (processes and tests share one notion of now).
if last + tonumber(ARGV[5]) <= now then attempts = 0 end
if attempts >= free then
  local wait = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(attempts - free, 40))
  if last + wait > now then return -math.max(1, math.ceil(last + wait - now)) end
end
attempts = attempts + 1
redis.call('HSET', KEYS[1], 'attempts', attempts, 'last', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return attempts
`;

/**
 * Rate-limit counters in Redis (REDIS_URL), for deployments that already run one. A minimal RESP
 * client: each hit pipelines INCR and PEXPIRE on a key per window (its length and start in the
 * key), so counters of different windows never meet, they expire by themselves once the window
 * after theirs has ended, and every process sharing the Redis sees the same counts.
 */
export class RedisRateLimitStore implements RateLimitStore {
  readonly #redis: RedisConnection;

  constructor(url: string) {
    this.#redis = new RedisConnection(url);
  }

  async hit(key: string, windowMs: number, nowMs: number): Promise<number> {
    const windowStart = windowStartOf(nowMs, windowMs);
    const redisKey = windowKey(key, windowMs, windowStart);
    const [count] = await this.#pipeline([
      ['INCR', redisKey],
      // Kept until the window after this one has ended (readers may look one window back).
      ['PEXPIRE', redisKey, String(Math.max(1, windowStart + 2 * windowMs - nowMs))],
    ]);
    if (typeof count !== 'number') throw new Error(`Unexpected Redis reply to INCR: ${String(count)}`);
    return count;
  }

  async hitAndPeekPrevious(key: string, windowMs: number, nowMs: number): Promise<{ current: number; previous: number }> {
    const windowStart = windowStartOf(nowMs, windowMs);
    const redisKey = windowKey(key, windowMs, windowStart);
    const [current, , previous] = await this.#pipeline([
      ['INCR', redisKey],
      ['PEXPIRE', redisKey, String(Math.max(1, windowStart + 2 * windowMs - nowMs))],
      ['GET', windowKey(key, windowMs, windowStart - windowMs)],
    ]);
    if (typeof current !== 'number') throw new Error(`Unexpected Redis reply to INCR: ${String(current)}`);
    return { current, previous: previous === null ? 0 : Number(previous) };
  }

  async peek(key: string, windowMs: number, atMs: number): Promise<number> {
    const [count] = await this.#pipeline([['GET', windowKey(key, windowMs, windowStartOf(atMs, windowMs))]]);
    return count === null ? 0 : Number(count);
  }

  async claimBackOff(key: string, policy: BackOffPolicy, nowMs: number): Promise<BackOffClaim> {
    const args = [nowMs, policy.free, policy.baseMs, policy.maxMs, policy.forgetAfterMs].map(String);
    const [reply] = await this.#pipeline([['EVAL', CLAIM_BACK_OFF_SCRIPT, '1', backOffKey(key), ...args]]);
    if (typeof reply !== 'number') throw new Error(`Unexpected Redis reply to the back-off script: ${String(reply)}`);
    return reply > 0 ? { allowed: true, attempts: reply } : { allowed: false, retryAfterMs: -reply };
  }

  async clearBackOff(key: string): Promise<void> {
    await this.#pipeline([['DEL', backOffKey(key)]]);
  }

  async close(): Promise<void> {
    await this.#redis.close();
  }

  #pipeline(commands: string[][]): Promise<Reply[]> {
    return this.#redis.pipeline(commands);
  }
}

/**
 * One connection to Redis (REDIS_URL) speaking RESP: commands pipelined, replies taken in order. Connects on first
 * use (AUTH and SELECT from the URL) and again after the connection closed. Used by the rate-limit counters and
 * the shared page cache (page-cache/redis-page-store.ts).
 */
export class RedisConnection {
  #url: URL;
  #socket: net.Socket | undefined;
  #connecting: Promise<net.Socket> | undefined;
  #pending: Array<{ resolve: (reply: Reply) => void; reject: (error: Error) => void }> = [];
  #buffer = Buffer.alloc(0);

  constructor(url: string) {
    this.#url = new URL(url);
  }

  async close(): Promise<void> {
    this.#socket?.end();
    this.#socket = undefined;
  }

  async pipeline(commands: string[][]): Promise<Reply[]> {
    const socket = await this.#connect();
    const replies = commands.map(() => new Promise<Reply>((resolve, reject) => this.#pending.push({ resolve, reject })));
    socket.write(commands.map(encodeCommand).join(''));
    const results = await Promise.all(replies);
    const error = results.find((reply): reply is Error => reply instanceof Error);
    if (error) throw error;
    return results;
  }

  #connect(): Promise<net.Socket> {
    if (this.#socket) return Promise.resolve(this.#socket);
    this.#connecting ??= new Promise<net.Socket>((resolve, reject) => {
      const socket = net.createConnection({ host: this.#url.hostname || '127.0.0.1', port: Number(this.#url.port || 6379) });
      socket.once('error', (error) => {
        this.#connecting = undefined;
        reject(error);
      });
      socket.on('data', (chunk) => this.#onData(chunk));
      socket.on('close', () => {
        this.#socket = undefined;
        this.#connecting = undefined;
        for (const waiter of this.#pending.splice(0)) waiter.reject(new Error('Redis connection closed'));
      });
      socket.once('connect', async () => {
        this.#socket = socket;
        try {
          const password = decodeURIComponent(this.#url.password);
          const user = decodeURIComponent(this.#url.username);
          if (password) await this.pipeline([user ? ['AUTH', user, password] : ['AUTH', password]]);
          const database = this.#url.pathname.replace('/', '');
          if (database) await this.pipeline([['SELECT', database]]);
          resolve(socket);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    return this.#connecting;
  }

  #onData(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const parsed = parseReply(this.#buffer, 0);
      if (!parsed) return;
      this.#buffer = this.#buffer.subarray(parsed.end);
      this.#pending.shift()?.resolve(parsed.reply);
    }
  }
}

const windowKey = (key: string, windowMs: number, windowStart: number) => `vitrine:rl:${key}:w${windowMs}:${windowStart}`;
const backOffKey = (key: string) => `vitrine:rl:${key}:backoff`;

export function encodeCommand(args: string[]): string {
  return `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`;
}

/** Parses one RESP reply (simple string, error, integer, bulk string) or returns undefined if incomplete. */
export function parseReply(buffer: Buffer, start: number): { reply: Reply; end: number } | undefined {
  const lineEnd = buffer.indexOf('\r\n', start);
  if (lineEnd < 0) return undefined;
  const type = String.fromCharCode(buffer[start]);
  const line = buffer.toString('utf8', start + 1, lineEnd);
  switch (type) {
    case '+':
      return { reply: line, end: lineEnd + 2 };
    case '-':
      return { reply: new Error(line), end: lineEnd + 2 };
    case ':':
      return { reply: Number(line), end: lineEnd + 2 };
    case '$': {
      const length = Number(line);
      if (length < 0) return { reply: null, end: lineEnd + 2 };
      const end = lineEnd + 2 + length + 2;
      if (buffer.length < end) return undefined;
      return { reply: buffer.toString('utf8', lineEnd + 2, lineEnd + 2 + length), end };
    }
    default:
      throw new Error(`Unsupported Redis reply type: ${type}`);
  }
}
