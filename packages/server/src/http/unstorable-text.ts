import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

export const UNSTORABLE_TEXT_MESSAGES = {
  text: 'The request contains a character that is not allowed (a NUL byte or a broken Unicode character).',
  deep: 'The request body is nested too deeply.',
} as const;

/**
 * NUL (U+0000) cannot be stored in PostgreSQL text or jsonb, and a lone UTF-16 surrogate cannot be
 * stored in jsonb (and turns into U+FFFD in text): either would end in a database error, a 500,
 * instead of a 400. Checked here once, at the edge, for every route.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isUnstorableText = (text: string): boolean => UNSTORABLE.test(text);

/** Nesting beyond this is no request of ours (the deepest, a cart's form answers, is a few levels). */
export const MAX_BODY_DEPTH = 32;

/**
 * Looks through a parsed value for text that cannot be stored, keys included, without recursion (a
 * hostile body may be thousands of levels deep). Answers which problem it found first, if any.
 */
export function findUnstorableValue(value: unknown, maxDepth = MAX_BODY_DEPTH): 'text' | 'deep' | undefined {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (isUnstorableText(current)) return 'text';
    } else if (current !== null && typeof current === 'object') {
      if (depth >= maxDepth) return 'deep';
      for (const [key, child] of Object.entries(current)) {
        if (isUnstorableText(key)) return 'text';
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** A URL whose decoded path or query holds a NUL, however it was spelled (%00, %2500 is fine: it decodes to '%00'). */
function urlHasNul(url: string): boolean {
  return url.includes('\u0000') || /%00/i.test(url);
}

const isStream = (value: unknown): boolean => typeof (value as { pipe?: unknown } | null)?.pipe === 'function';

function refuse(problem: 'text' | 'deep'): never {
  throw new HttpError(400, UNSTORABLE_TEXT_MESSAGES[problem]);
}

/**
 * Registers the checks: the URL and cookies as soon as a request arrives (a cookie holding such text
 * is dropped, as if the browser had not sent it: a stale or tampered cookie should not lock a shopper
 * out), and the parsed body, query and path parameters before validation.
 */
export function registerUnstorableTextCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (urlHasNul(request.url)) refuse('text');
    for (const [name, value] of Object.entries(request.cookies ?? {})) {
      if (value !== undefined && isUnstorableText(value)) delete request.cookies[name];
    }
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      // A body still streaming in (the product CSV import) is not parsed text: its route checks what it
      // reads (a CSV cell holding NUL is refused by the import). Walking the stream object itself would
      // find the socket and the server behind it, and refuse every such upload as "nested too deeply".
      if (isStream(part)) continue;
      // A route whose bodies are deep by nature says how deep it takes (session replay's DOM snapshots).
      const problem = findUnstorableValue(part, part === request.body ? (request.routeOptions.config?.maxBodyDepth ?? MAX_BODY_DEPTH) : MAX_BODY_DEPTH);
      if (problem) refuse(problem);
    }
  });
}
