import type { ErrorBody } from '@vitrine/contracts';

/**
 * The client's own words. The first two are platform spec §8's; the last two are editor messages of the
 * same section, for a call that never got a readable answer.
 */
export const OWNER_CLIENT_MESSAGES = {
  noMainNavigation: 'Unable to find site main navigation',
  unparseableUserInfo: 'Could not parse user info cookie value',
  network: 'Network error',
  unexpected: 'Something went wrong',
} as const;

/**
 * A call the server refused (or that never reached it: status 0). Carries the server's error body as it
 * came, `{ message, errors?, crumbFail? }`: `message` is what to show, `errors` what to show beside each
 * field (`{ 'variants.1.sku': '…' }`).
 */
export class OwnerApiError extends Error {
  readonly status: number;
  /** One message per bad field; empty when the server named none. */
  readonly errors: Readonly<Record<string, string>>;
  /** The crumb was missing or stale (403): a fresh crumb and a retry may succeed. */
  readonly crumbFail: boolean;
  /** Seconds the server asked to wait (429, 503), from Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, body: Partial<ErrorBody> | null, retryAfterSeconds?: number) {
    super(typeof body?.message === 'string' && body.message !== '' ? body.message : status === 0 ? OWNER_CLIENT_MESSAGES.network : OWNER_CLIENT_MESSAGES.unexpected);
    this.name = 'OwnerApiError';
    this.status = status;
    this.errors = fieldErrorsOf(body?.errors);
    this.crumbFail = body?.crumbFail === true;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The body as the server's error shape, for code that passes errors on. */
  toJSON(): ErrorBody {
    return {
      message: this.message,
      ...(Object.keys(this.errors).length > 0 ? { errors: { ...this.errors } } : {}),
      ...(this.crumbFail ? { crumbFail: true as const } : {}),
    };
  }
}

/** Whether a failure is the server's answer with this status (`isOwnerApiError(error, 401)`: signed out). */
export function isOwnerApiError(error: unknown, status?: number): error is OwnerApiError {
  return error instanceof OwnerApiError && (status === undefined || error.status === status);
}

/** Only string messages are kept: a proxy or a bug may answer anything. */
function fieldErrorsOf(errors: unknown): Record<string, string> {
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors as Record<string, unknown>)) {
    if (typeof message === 'string') out[field] = message;
  }
  return out;
}

/**
 * Store creation failed after the store was made (platform spec §4's later steps: the root category, or
 * the main navigation): the store exists, so the owner app can open it and offer the step again. The
 * message is the failed step's (for example 'Unable to find site main navigation').
 */
export class StoreCreationError extends Error {
  readonly storeId: string;
  readonly step: 'category' | 'navigation';
  override readonly cause: unknown;

  constructor(step: 'category' | 'navigation', storeId: string, cause: unknown) {
    super(cause instanceof Error ? cause.message : OWNER_CLIENT_MESSAGES.unexpected);
    this.name = 'StoreCreationError';
    this.step = step;
    this.storeId = storeId;
    this.cause = cause;
  }
}

/** The site layout has no main navigation (its first entry), so a store cannot be added to it. */
export class MainNavigationMissingError extends Error {
  constructor() {
    super(OWNER_CLIENT_MESSAGES.noMainNavigation);
    this.name = 'MainNavigationMissingError';
  }
}
