import type { Socket } from 'node:net';
import type { Server } from 'node:http';
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES } from './errors';

/**
 * Errors raised before any route runs: the router (a path that does not decode, an overlong
 * parameter) and Node's HTTP parser (bytes that are not HTTP, oversized headers, a request that
 * took too long). They answer in our shape, `{ message }`, with our own words, and never repeat
 * the URL or anything else the client sent.
 */
export const EDGE_ERROR_MESSAGES = {
  badUrl: 'The request URL is not valid.',
  urlTooLong: 'The request URL is too long.',
  hostRequired: 'A Host header is required.',
  headersTooLarge: 'The request headers are too large.',
  timeout: 'The request took too long.',
  badRequest: 'The request could not be read.',
} as const;

/** Sent with every edge answer: these never pass the hooks that add the other security headers. */
const EDGE_HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' } as const;

/** Fastify's `frameworkErrors`: the router's own failures, answered before any hook runs. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, EDGE_ERROR_MESSAGES.urlTooLong]
      : error.code === 'FST_ERR_ASYNC_CONSTRAINT'
        ? [500, HTTP_MESSAGES.internal]
        : [400, EDGE_ERROR_MESSAGES.badUrl];
  void reply.status(status).headers(EDGE_HEADERS).type('application/json; charset=utf-8').send({ message });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** The whole answer Node's parser failures get, written straight to the socket. */
function rawAnswer(status: number, message: string): string {
  const body = JSON.stringify({ message });
  return (
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'X-Content-Type-Options: nosniff\r\n' +
    'X-Frame-Options: DENY\r\n' +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** Whether an answer may go out on this socket without landing inside a response already being written. */
function canAnswer(socket: Socket): boolean {
  if (!socket.writable) return false;
  if (socket.bytesWritten === 0) return true;
  // A keep-alive connection has written earlier answers. Node's own (undocumented, long-standing)
  // `_httpMessage` is the response currently attached to the socket; without one, or before its
  // headers went out, nothing is half-written. Where the field is missing, stay silent as Node does.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return '_httpMessage' in socket && (!current || current.headersSent === false);
}

/**
 * Fastify's `clientErrorHandler` (Node's 'clientError' event): answers in our shape, then closes
 * the connection — after a parser error the rest of its bytes cannot be trusted.
 */
export function handleClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || socket.destroyed) {
    socket.destroy();
    return;
  }
  if (!canAnswer(socket)) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, EDGE_ERROR_MESSAGES.timeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, EDGE_ERROR_MESSAGES.headersTooLarge]
        : [400, EDGE_ERROR_MESSAGES.badRequest];
  socket.write(rawAnswer(status, message));
  // Closes once the answer has been handed to the kernel, even if the client keeps sending.
  socket.destroySoon();
}

/**
 * The Fastify options for the edge: the two handlers above, and Node's built-in Host check
 * switched off so that `registerHostHeaderCheck` can answer it in our shape (Node's own answer
 * is an empty 400).
 */
export const EDGE_ERROR_OPTIONS = {
  frameworkErrors,
  clientErrorHandler: handleClientError,
  http: { requireHostHeader: false },
} satisfies Partial<FastifyHttpOptions<Server>>;

/**
 * HTTP/1.1 requires a Host header (RFC 9112 §3.2): a request without one is refused with 400
 * before any other hook runs (no rate-limit count, no crumb check). HTTP/1.0 may omit it.
 */
export function registerHostHeaderCheck(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.headers.host === undefined && raw.httpVersionMajor === 1 && raw.httpVersionMinor >= 1) {
      void reply
        .status(400)
        .header('connection', 'close')
        .type('application/json; charset=utf-8')
        .send({ message: EDGE_ERROR_MESSAGES.hostRequired });
      return;
    }
    done();
  });
}
