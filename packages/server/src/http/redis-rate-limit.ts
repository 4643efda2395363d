import net from 'node:net';
import type { RateLimitStore } from './rate-limit';

type Reply = string | number | null | Error;

/**
 * Rate-limit counters in Redis (REDIS_URL), for deployments that already run one. A minimal RESP
 * client: each hit pipelines INCR and PEXPIRE on a key per fixed window, so counters expire by
 * themselves and every process sharing the Redis sees the same counts.
 */
export class RedisRateLimitStore implements RateLimitStore {
  #url: URL;
  #socket: net.Socket | undefined;
  #connecting: Promise<net.Socket> | undefined;
  #pending: Array<{ resolve: (reply: Reply) => void; reject: (error: Error) => void }> = [];
  #buffer = Buffer.alloc(0);

  constructor(url: string) {
    this.#url = new URL(url);
  }

  async hit(key: string, windowMs: number, nowMs: number): Promise<number> {
    const windowStart = Math.floor(nowMs / windowMs) * windowMs;
    const redisKey = `vitrine:rl:${key}:${windowStart}`;
    const [count] = await this.#pipeline([
      ['INCR', redisKey],
      ['PEXPIRE', redisKey, String(windowMs * 2)],
    ]);
    if (typeof count !== 'number') throw new Error(`Unexpected Redis reply to INCR: ${String(count)}`);
    return count;
  }

  async close(): Promise<void> {
    this.#socket?.end();
    this.#socket = undefined;
  }

  async #pipeline(commands: string[][]): Promise<Reply[]> {
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
          if (password) await this.#pipeline([user ? ['AUTH', user, password] : ['AUTH', password]]);
          const database = this.#url.pathname.replace('/', '');
          if (database) await this.#pipeline([['SELECT', database]]);
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
