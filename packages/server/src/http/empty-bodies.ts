import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { HTTP_MESSAGES, HttpError } from './errors';

/**
 * Calls whose spec body is empty (a route with no body schema: FormSubmissionKey, a sign-out, a "mark as read")
 * take an empty body of ANY content type. Clients label bodies they do not send: jQuery posts
 * `Content-Type: application/x-www-form-urlencoded; charset=UTF-8` with nothing after it, fetch wrappers send
 * `application/json` and no bytes. Fastify would answer those 415 (no parser for the type) or 400 (empty JSON)
 * before the route is even reached; an empty body carries nothing to misread, so it is no body at all.
 *
 * Everything else is as before: a non-empty body of a type no scope reads is the edge's 415 JSON, and a route with
 * a body schema still gets Fastify's own answers (400 for an empty JSON body, 415 for a type it does not read).
 * Scopes that read a type of their own (form posts, CSV, uploads) keep their parsers: these are only the fallbacks.
 */
export function registerEmptyBodyParsers(app: FastifyInstance): void {
  // Any type without a parser of its own.
  app.addContentTypeParser('*', (request, payload, done) => {
    // An unknown address keeps its 404 (what Fastify does for a type it cannot parse there).
    if (request.is404) return done(null, undefined);
    if (!takesNoBody(request) || declaredLength(request) > 0) return done(new HttpError(415, HTTP_MESSAGES.unsupportedMediaType), undefined);
    readsEmpty(payload).then((empty) => done(empty ? null : new HttpError(415, HTTP_MESSAGES.unsupportedMediaType), undefined), (error: Error) => done(error, undefined));
  });
  // JSON: Fastify's own parser (same prototype-poisoning refusals), except an empty body on a call that takes none.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && takesNoBody(request)) return done(null, undefined);
    parseJson(request, body as string, done);
  });
}

/** Whether the matched route declares no body (its contract has no body schema). */
function takesNoBody(request: FastifyRequest): boolean {
  return (request.routeOptions.schema as { body?: unknown } | undefined)?.body === undefined;
}

/** The declared Content-Length, or 0 when none is declared (a chunked body is read to find out). */
function declaredLength(request: FastifyRequest): number {
  const length = Number(request.headers['content-length'] ?? 0);
  return Number.isFinite(length) ? length : Number.POSITIVE_INFINITY;
}

/** Reads a body that declared no length: true when it ends without a byte, false at its first byte. */
function readsEmpty(payload: Readable): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer | string) => {
      if (chunk.length === 0) return;
      payload.off('data', onData);
      // The rest is drained, unread: the 415 closes the connection (Fastify does on a parser's error).
      payload.resume();
      resolve(false);
    };
    payload.on('data', onData);
    payload.once('end', () => resolve(true));
    payload.once('error', reject);
  });
}
