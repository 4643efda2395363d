import { humanizeFileSize } from '@vitrine/format';
import { Failure, type FailureKind } from '../failures';

/**
 * What an operator may limit per website (issue 32): products, stored bytes (pictures, digital products' files,
 * lessons' videos together), contributors (with pending invitations), and mail written in any 24 hours.
 */
export const QUOTA_KINDS = ['products', 'storageBytes', 'contributors', 'mailsPerDay'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

/** A limit per kind: a whole number, or null for none (unlimited). */
export type QuotaLimits = Record<QuotaKind, number | null>;

/** The environment variables of the platform's defaults, used for every website whose own quota is null. */
export const QUOTA_ENV: Readonly<Record<QuotaKind, string>> = {
  products: 'QUOTA_PRODUCTS',
  storageBytes: 'QUOTA_STORAGE_BYTES',
  contributors: 'QUOTA_CONTRIBUTORS',
  mailsPerDay: 'QUOTA_MAILS_PER_DAY',
};

/**
 * The platform's defaults from the environment; unset or empty: unlimited (a one-site install wants no limit). A value
 * that is not a whole number stops the start (main.ts reads it once before anything opens).
 */
export function quotaDefaultsFromEnv(env: Record<string, string | undefined>): QuotaLimits {
  const limits = {} as QuotaLimits;
  for (const kind of QUOTA_KINDS) {
    const text = env[QUOTA_ENV[kind]]?.trim();
    if (text === undefined || text === '') {
      limits[kind] = null;
      continue;
    }
    const value = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) throw new Error(`${QUOTA_ENV[kind]} must be a whole number of 0 or more (got ${JSON.stringify(text)}).`);
    limits[kind] = value;
  }
  return limits;
}

const count = (limit: number, one: string, many: string) => `${new Intl.NumberFormat('en-US').format(limit)} ${limit === 1 ? one : many}`;

/** What a refused create is told, naming the limit. */
export const QUOTA_MESSAGES = {
  products: (limit: number) => `This website has reached its limit of ${count(limit, 'product', 'products')}.`,
  storageBytes: (limit: number) => `This website has reached its storage limit of ${humanizeFileSize(limit)}.`,
  contributors: (limit: number) => `This website has reached its limit of ${count(limit, 'contributor', 'contributors')}.`,
  mailsPerDay: (limit: number) => `This website has reached its limit of ${count(limit, 'mail', 'mails')} a day.`,
  /** setWebsiteQuotas: a value that is not a whole number of 0 or more, nor null. */
  invalid: 'A quota is a whole number of 0 or more, or null for the platform default.',
  unknownKind: 'There is no such quota.',
  noWebsite: 'There is no such website.',
} as const;

/**
 * The answer of each quota when reached: 403 for a count the owner must bring down first (products, contributors),
 * 413 for an upload that does not fit in what is left of the storage, 429 for mail (it comes back as the day's mail
 * ages out of the 24 hours; Retry-After says when the oldest does).
 */
export const QUOTA_FAILURE_KINDS: Readonly<Record<QuotaKind, FailureKind>> = {
  products: 'forbidden',
  storageBytes: 'too-large',
  contributors: 'forbidden',
  mailsPerDay: 'too-many',
};

/** A create refused by a quota: a Failure like any other (403, 413 or 429), which names its quota and limit. */
export class QuotaReached extends Failure {
  constructor(
    readonly quota: QuotaKind,
    readonly limit: number,
    retryAfterSeconds?: number,
  ) {
    super(QUOTA_FAILURE_KINDS[quota], QUOTA_MESSAGES[quota](limit), undefined, retryAfterSeconds);
    this.name = 'QuotaReached';
  }
}

export const isQuotaReached = (error: unknown): error is QuotaReached => error instanceof QuotaReached;
