import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * For tests: a stand-in for api.stripe.com on loopback that answers recorded exchanges (payments/fixtures/*.json,
 * written in Stripe's documented shapes) and keeps every request it received, so a test can check what the adapter
 * sent: path, form body, Idempotency-Key, Authorization. Nothing here leaves the machine.
 */

const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface StripeExchange {
  description: string;
  /** What the adapter is expected to send (form and query are the whole body / query string, exactly). */
  request: { method: string; path: string; idempotencyKey?: string; form?: Record<string, string>; query?: Record<string, string> };
  response: { status: number; body: unknown };
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/** A fixture file's text with each {{name}} replaced. */
function fillIn(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A recorded exchange (fixtures/<name>.json), its {{placeholders}} filled in. */
export function loadExchange(name: string, values: Record<string, string> = {}): StripeExchange {
  return JSON.parse(fillIn(readFileSync(path.join(FIXTURES_DIR, `${name}.json`), 'utf8'), values)) as StripeExchange;
}

/** A recorded webhook event (fixtures/event-<name>.json) as the exact text Stripe would post. */
export function loadEventPayload(name: string, values: Record<string, string>): string {
  return JSON.stringify(JSON.parse(fillIn(readFileSync(path.join(FIXTURES_DIR, `event-${name}.json`), 'utf8'), values)));
}

type Answer = { status: number; body: unknown };
type Responder = { method: string; path: RegExp; answer: (request: RecordedRequest, match: RegExpMatchArray) => Answer };

export class StripeReplayServer {
  readonly requests: RecordedRequest[] = [];
  readonly #queued: StripeExchange[] = [];
  readonly #responders: Responder[] = [];

  private constructor(
    private readonly server: http.Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<StripeReplayServer> {
    let replay: StripeReplayServer | undefined;
    const server = http.createServer((request, response) => void replay!.#answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    replay = new StripeReplayServer(server, `http://127.0.0.1:${port}`);
    return replay;
  }

  /** Answers the next request of the exchange's method and path with its response, once. */
  queue(...exchanges: StripeExchange[]): void {
    this.#queued.push(...exchanges);
  }

  /** Answers every request of the method and path pattern (after the queued ones) with what `answer` makes. */
  respond(method: string, pathPattern: RegExp, answer: Responder['answer']): void {
    this.#responders.push({ method, path: pathPattern, answer });
  }

  /** How many queued exchanges nobody asked for. */
  get unused(): number {
    return this.#queued.length;
  }

  clear(): void {
    this.requests.length = 0;
    this.#queued.length = 0;
    this.#responders.length = 0;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async #answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', this.origin);
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      headers: request.headers,
    };
    this.requests.push(recorded);
    const answer = this.#find(recorded) ?? {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No recorded exchange for ${recorded.method} ${recorded.path}.` } },
    };
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_replay_${this.requests.length}` });
    response.end(JSON.stringify(answer.body));
  }

  #find(request: RecordedRequest): Answer | undefined {
    const index = this.#queued.findIndex((exchange) => exchange.request.method === request.method && exchange.request.path === request.path);
    if (index >= 0) return this.#queued.splice(index, 1)[0]!.response;
    for (const responder of this.#responders) {
      const match = responder.method === request.method ? request.path.match(responder.path) : null;
      if (match) return responder.answer(request, match);
    }
    return undefined;
  }
}
