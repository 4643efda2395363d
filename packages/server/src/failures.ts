/**
 * What a service answers when it refuses: a typed failure with a message a person can read and,
 * for bad input, the message of each field. Services know nothing of HTTP; the route layer maps each
 * kind to a status code (http/errors.ts), and a job or an owner call can read the kind itself.
 */
export type FailureKind =
  | 'invalid' // a broken rule or a bad field (400)
  | 'unauthenticated' // sign-in needed or failed (401)
  | 'payment-declined' // (402)
  | 'forbidden' // (403)
  | 'not-found' // (404)
  | 'conflict' // already done, or out of stock at checkout (409)
  | 'too-large' // what was sent does not fit: a website's storage quota (413)
  | 'too-many'; // a limit on attempts (429)

export class Failure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly errors?: Record<string, string>,
    /** Seconds until a 'too-many' failure may be tried again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'Failure';
  }
}

export const invalid = (message: string, errors?: Record<string, string>) => new Failure('invalid', message, errors);
export const notFound = (message: string) => new Failure('not-found', message);
export const conflict = (message: string, errors?: Record<string, string>) => new Failure('conflict', message, errors);
export const unauthenticated = (message: string) => new Failure('unauthenticated', message);
export const forbidden = (message: string) => new Failure('forbidden', message);
export const tooMany = (message: string, retryAfterSeconds?: number) => new Failure('too-many', message, undefined, retryAfterSeconds);
export const paymentDeclined = (message: string) => new Failure('payment-declined', message);

export const isFailure = (error: unknown): error is Failure => error instanceof Failure;
