import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The one error shape every failing call answers with (4xx): `{ message, errors?, crumbFail? }`. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
  crumbFail?: true;
}

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

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);

export const HTTP_MESSAGES = {
  invalidJson: 'The request body is not valid JSON.',
  emptyBody: 'The request body is empty.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Send the request body as JSON.',
  bodyNotObject: 'The request body must be a JSON object.',
  notFound: 'Not found.',
  internal: 'Something went wrong. Please try again.',
} as const;

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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = error instanceof HttpError ? error : fastifyErrorToHttpError(error);
    if (known) {
      if (known.statusCode === 413) reply.header('connection', 'close');
      return reply.status(known.statusCode).type('application/json; charset=utf-8').send(known.toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).type('application/json; charset=utf-8').send({ message: HTTP_MESSAGES.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).type('application/json; charset=utf-8').send({ message: HTTP_MESSAGES.notFound } satisfies ErrorBody);
  });
}

/** Reads a JSON object body or fails with 400: routes then check each field themselves. */
export function requireObjectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(HTTP_MESSAGES.bodyNotObject);
  return body as Record<string, unknown>;
}
