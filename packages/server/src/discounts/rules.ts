import {
  AUTOMATIC_DISCOUNT_LIMITS as LIMITS,
  AUTOMATIC_DISCOUNT_MESSAGES as MESSAGES,
  type AutomaticDiscountBody,
  type AutomaticDiscountKind,
  type CouponScope,
  type QuantityTierJson,
} from '@vitrine/contracts';
import { parseIsoDate, readScope } from '../checkout-settings';

/**
 * An automatic discount's body read into what is stored, pure, or the errors keyed by path ('tiers.1.minQuantity').
 * Each kind names the fields it needs; a field another kind uses is refused rather than silently dropped. The
 * scope's ids are checked against the store by the service.
 */

export type Errors = Record<string, string>;

export interface AutomaticDiscountRecord {
  title: string;
  kind: AutomaticDiscountKind;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  minSubtotalCents: number | null;
  percentBasisPoints: number | null;
  amountCents: number | null;
  buyQuantity: number | null;
  getQuantity: number | null;
  scope: CouponScope;
  tiers: QuantityTierJson[] | null;
}

type Field = 'minSubtotalCents' | 'percentBasisPoints' | 'amountCents' | 'buyQuantity' | 'getQuantity' | 'scope' | 'tiers';

/** The fields each kind reads (besides title, active and the dates). */
const FIELDS_OF: Record<AutomaticDiscountKind, readonly Field[]> = {
  'spend-over': ['minSubtotalCents', 'percentBasisPoints', 'amountCents'],
  'buy-x-get-y': ['buyQuantity', 'getQuantity', 'percentBasisPoints', 'scope'],
  'quantity-tiers': ['tiers', 'scope'],
  'free-shipping': ['minSubtotalCents'],
};
const ALL_FIELDS: readonly Field[] = ['minSubtotalCents', 'percentBasisPoints', 'amountCents', 'buyQuantity', 'getQuantity', 'scope', 'tiers'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isWhole = (value: unknown, min: number, max: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

function readTiers(value: unknown, errors: Errors): QuantityTierJson[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > LIMITS.tiers) {
    errors.tiers = MESSAGES.tiers;
    return null;
  }
  const tiers: QuantityTierJson[] = [];
  value.forEach((tier, index) => {
    const at = `tiers.${index}`;
    if (!isObject(tier) || Object.keys(tier).some((key) => key !== 'minQuantity' && key !== 'percentBasisPoints')) {
      errors[at] = MESSAGES.tiers;
      return;
    }
    const quantityOk = isWhole(tier.minQuantity, 1, LIMITS.maxQuantity);
    const percentOk = isWhole(tier.percentBasisPoints, 1, 10_000);
    if (!quantityOk) errors[`${at}.minQuantity`] = MESSAGES.quantity;
    else if (tiers.length > 0 && (tier.minQuantity as number) <= tiers[tiers.length - 1]!.minQuantity) errors[`${at}.minQuantity`] = MESSAGES.tiersAscending;
    if (!percentOk) errors[`${at}.percentBasisPoints`] = MESSAGES.percentBasisPoints;
    if (quantityOk && percentOk) tiers.push({ minQuantity: tier.minQuantity as number, percentBasisPoints: tier.percentBasisPoints as number });
  });
  return tiers;
}

export function readAutomaticDiscount(body: AutomaticDiscountBody): { discount: AutomaticDiscountRecord; errors: Errors } {
  const errors: Errors = {};
  const kind = body.kind;
  const uses = FIELDS_OF[kind] ?? [];
  for (const field of ALL_FIELDS) {
    if (!uses.includes(field) && body[field] !== undefined && body[field] !== null) errors[field] = MESSAGES.notForKind;
  }
  const dateOf = (field: 'startsAt' | 'endsAt'): Date | null => {
    const text = body[field];
    if (text === undefined || text === null || text === '') return null;
    const parsed = parseIsoDate(text);
    if (!parsed) errors[field] = MESSAGES.date;
    return parsed ?? null;
  };
  const startsAt = dateOf('startsAt');
  const endsAt = dateOf('endsAt');
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime()) errors.endsAt = MESSAGES.endsAfterStarts;

  const percent = body.percentBasisPoints ?? null;
  const amount = body.amountCents ?? null;
  const minimum = body.minSubtotalCents ?? null;
  if ((kind === 'spend-over' || kind === 'free-shipping') && minimum === null) errors.minSubtotalCents = MESSAGES.minSubtotalCents;
  if (kind === 'spend-over') {
    if (percent === null && amount === null) errors.percentBasisPoints = MESSAGES.percentBasisPoints;
    if (percent !== null && amount !== null) errors.amountCents = MESSAGES.percentOrAmount;
  }
  if (kind === 'buy-x-get-y') {
    if (body.buyQuantity == null) errors.buyQuantity = MESSAGES.quantity;
    if (body.getQuantity == null) errors.getQuantity = MESSAGES.quantity;
  }
  const tiers = kind === 'quantity-tiers' ? readTiers(body.tiers, errors) : null;
  const scope = uses.includes('scope') ? readScope(body.scope ?? { kind: 'all' }, errors) : ({ kind: 'all' } as const);
  const keep = <T>(field: Field, value: T | null | undefined): T | null => (uses.includes(field) ? (value ?? null) : null);
  return {
    discount: {
      title: body.title.trim(),
      kind,
      active: body.active ?? true,
      startsAt,
      endsAt,
      minSubtotalCents: keep('minSubtotalCents', minimum),
      // buy X get Y without a percentage: the Y units are free.
      percentBasisPoints: kind === 'buy-x-get-y' ? (percent ?? 10_000) : keep('percentBasisPoints', percent),
      amountCents: keep('amountCents', amount),
      buyQuantity: keep('buyQuantity', body.buyQuantity),
      getQuantity: keep('getQuantity', body.getQuantity),
      scope,
      tiers,
    },
    errors,
  };
}
