import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES, formatValidationErrors, type ErrorBody, type ValidationContext } from '@vitrine/contracts';
import { Failure, type FailureKind } from '../failures';

/** The one error shape (`{ message, errors?, crumbFail? }`) and the edge's wording live once, in the contracts. */
export { HTTP_MESSAGES, type ErrorBody };

/** An expected failure with a shopper-facing message. Thrown from routes and rules, rendered by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly crumbFail?: true,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.crumbFail ? { crumbFail: true as const } : {}),
    };
  }
}

/** PostgreSQL's lock_not_available: a statement waited longer than lock_timeout (db/database.ts). */
const isLockTimeout = (error: unknown) => (error as { code?: unknown } | null)?.code === '55P03';

/** The status code of each kind of service failure. */
export const STATUS_OF_FAILURE: Record<FailureKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  'payment-declined': 402,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'too-many': 429,
};

/** A service's refusal as an HTTP error. */
export function failureToHttpError(failure: Failure): HttpError {
  return new HttpError(STATUS_OF_FAILURE[failure.kind], failure.message, failure.errors);
}

/** Fastify's own 4xx errors (body parsing, limits), worded for people. */
function fastifyErrorToHttpError(error: FastifyError): HttpError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(400, HTTP_MESSAGES.invalidJson);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, HTTP_MESSAGES.emptyBody);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, HTTP_MESSAGES.bodyTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new HttpError(415, HTTP_MESSAGES.unsupportedMediaType);
  }
  if (error instanceof SyntaxError) return new HttpError(400, HTTP_MESSAGES.invalidJson);
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) return new HttpError(status, error.message);
  return undefined;
}

/**
 * Where a request no route matches goes instead of the 404, if anywhere: the website's URL redirects (redirects/),
 * given by app.ts as a port, so http/ imports no domain. Asked for GET and HEAD only.
 */
export type MissingRouteRedirect = (request: FastifyRequest) => Promise<{ location: string; status: number } | undefined>;

/**
 * The words of a refusal in the request's visitor's language (app.ts gives the website's catalog as a port, so
 * http/ imports no domain): the rules answer in English, the visitor reads their language.
 */
export type LocalizeErrorBody = (request: FastifyRequest, body: ErrorBody) => ErrorBody;

export function registerErrorHandling(app: FastifyInstance, options: { redirectMissing?: MissingRouteRedirect; localize?: LocalizeErrorBody } = {}): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.validation) {
      // A schema refused the request: each bad field with its contract's message (contracts/validation.ts).
      const body = formatValidationErrors(error.validation, (error.validationContext ?? 'body') as ValidationContext, {
        schema: request.routeOptions.schema as never,
      });
      return reply.status(400).type('application/json; charset=utf-8').send(body);
    }
    if (isLockTimeout(error)) {
      request.log.warn({ err: error }, 'gave up waiting for a database lock');
      reply.header('retry-after', '2');
      return reply.status(503).type('application/json; charset=utf-8').send({ message: HTTP_MESSAGES.busy });
    }
    if (error instanceof Failure && error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    const known = error instanceof HttpError ? error : error instanceof Failure ? failureToHttpError(error) : fastifyErrorToHttpError(error);
    if (known) {
      if (known.statusCode === 413) reply.header('connection', 'close');
      const body = options.localize ? options.localize(request, known.toBody()) : known.toBody();
      return reply.status(known.statusCode).type('application/json; charset=utf-8').send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).type('application/json; charset=utf-8').send({ message: HTTP_MESSAGES.internal });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const redirect = options.redirectMissing && (request.method === 'GET' || request.method === 'HEAD') ? await options.redirectMissing(request) : undefined;
    if (redirect) return reply.code(redirect.status).header('location', redirect.location).header('cache-control', 'no-store').send();
    return reply.status(404).type('application/json; charset=utf-8').send({ message: HTTP_MESSAGES.notFound } satisfies ErrorBody);
  });
}
