import { formatMoney } from '@vitrine/format';
import { EN_COUPON } from '@vitrine/format/catalogs/en';
import { ProductType } from '../types';
import { allocateProRata, roundHalfEven } from './rounding';
import { lineAmountCents, lineNeedsShipping } from './shipping';
import { BASIS_POINTS, clampBasisPoints } from './tax';
import type { AppliedCoupon, CheckoutLine, Coupon, InvalidCoupon } from './types';

/** Why a code does not apply (our words; the spec is silent), from the English catalog. */
export const COUPON_MESSAGES = EN_COUPON;

export function minSubtotalReason(formattedAmount: string): string {
  return COUPON_MESSAGES.minSubtotal.replace('{amount}', formattedAmount);
}

/** The comparable form of a code: trimmed, upper case. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface CouponCart {
  lines: readonly CheckoutLine[];
  currency: string;
  /** For the min-subtotal reason's amount. Default 'en-US'. */
  locale?: string;
  /**
   * Per line, what earlier discounts (automatic ones a coupon combines with) left of its amount: the coupon's
   * percentage and cap read these. Absent: each line's full amount. The minimum subtotal still reads the full one.
   */
  amountsLeft?: readonly number[];
}

export interface CouponUsage {
  /** Codes (or coupon ids) whose usage limit is reached, as the server counted them. */
  usedUp?: Iterable<string> | null;
  /** Codes (or coupon ids) this customer has used up to the per-customer limit. */
  usedByCustomer?: Iterable<string> | null;
}

export interface CouponEvaluation {
  validCoupons: AppliedCoupon[];
  invalidCoupons: InvalidCoupon[];
  /** Σ of the order-level coupon's discount; never more than the discountable lines' amount. */
  discountCents: number;
  freeShipping: boolean;
  /** The discount allocated to each line, in line order (what tax is computed after). */
  lineDiscounts: number[];
}

function usageSet(values: Iterable<string> | null | undefined): Set<string> {
  const set = new Set<string>();
  for (const value of values ?? []) set.add(normaliseCouponCode(value));
  return set;
}

function instant(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Gift cards are never discounted (they are money); the rest follow the coupon's scope. */
export function isLineInScope(line: CheckoutLine, coupon: Pick<Coupon, 'scope'>): boolean {
  if (line.productType === ProductType.GIFT_CARD) return false;
  const scope = coupon.scope;
  switch (scope.kind) {
    case 'all':
      return true;
    case 'products':
      return scope.productIds.includes(line.productId);
    case 'collections':
      return (line.collectionIds ?? []).some((id) => scope.collectionIds.includes(id));
    default:
      return false;
  }
}

/**
 * Which entered codes apply and what they take off. Policy (decided; the spec is silent):
 * - each code once (repeats are ignored), compared trimmed and case-insensitively; blank codes are ignored;
 * - at most one order-level coupon (percentage or fixed) plus one free-shipping coupon: the first valid of each
 *   kind, in the order entered, applies; a later one reads 'This coupon cannot be combined…';
 * - checks in order: exists and active (an inactive coupon reads as not existing), used up, used by this customer,
 *   not started, expired (endsAt is exclusive), minimum subtotal (on the whole pre-discount subtotal), anything in
 *   scope (free shipping: an in-scope line that ships);
 * - percentage: roundHalfEven(eligible × bp / 10000); fixed: min(amount, eligible); eligible = the in-scope lines'
 *   amount (gift cards never); the discount is allocated to those lines pro rata by amount, the left-over cents
 *   to the largest lines (then the earlier one).
 */
export function evaluateCoupons(
  codes: readonly string[],
  coupons: readonly Coupon[],
  cart: CouponCart,
  now: Date | number,
  usage: CouponUsage = {},
): CouponEvaluation {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const usedUp = usageSet(usage.usedUp);
  const usedByCustomer = usageSet(usage.usedByCustomer);
  const amounts = cart.lines.map(lineAmountCents);
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);

  const validCoupons: AppliedCoupon[] = [];
  const invalidCoupons: InvalidCoupon[] = [];
  const lineDiscounts = cart.lines.map(() => 0);
  let discountCents = 0;
  let freeShipping = false;
  let orderLevelTaken = false;
  const seen = new Set<string>();

  for (const entered of codes) {
    const code = entered.trim();
    const key = normaliseCouponCode(code);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    const refuse = (reason: string) => invalidCoupons.push({ code, reason });

    const coupon = coupons.find((candidate) => normaliseCouponCode(candidate.code) === key);
    if (!coupon || !coupon.active) {
      refuse(COUPON_MESSAGES.notFound);
      continue;
    }
    if (usedUp.has(key) || usedUp.has(normaliseCouponCode(coupon.id))) {
      refuse(COUPON_MESSAGES.usedUp);
      continue;
    }
    if (usedByCustomer.has(key) || usedByCustomer.has(normaliseCouponCode(coupon.id))) {
      refuse(COUPON_MESSAGES.alreadyUsed);
      continue;
    }
    const starts = instant(coupon.startsAt);
    if (starts !== null && nowMs < starts) {
      refuse(COUPON_MESSAGES.notStarted);
      continue;
    }
    const ends = instant(coupon.endsAt);
    if (ends !== null && nowMs >= ends) {
      refuse(COUPON_MESSAGES.expired);
      continue;
    }
    const minimum = coupon.minSubtotalCents ?? 0;
    if (minimum > 0 && subtotal < minimum) {
      refuse(minSubtotalReason(formatMoney(minimum - subtotal, cart.currency, { locale: cart.locale ?? 'en-US' })));
      continue;
    }

    const eligible = cart.lines
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => isLineInScope(line, coupon))
      .filter(({ line }) => coupon.kind !== 'free-shipping' || lineNeedsShipping(line));
    if (eligible.length === 0) {
      refuse(COUPON_MESSAGES.notApplicable);
      continue;
    }

    if (coupon.kind === 'free-shipping') {
      if (freeShipping) {
        refuse(COUPON_MESSAGES.notCombinable);
        continue;
      }
      freeShipping = true;
      validCoupons.push({ id: coupon.id, code: coupon.code, kind: coupon.kind, discountCents: 0 });
      continue;
    }

    if (orderLevelTaken) {
      refuse(COUPON_MESSAGES.notCombinable);
      continue;
    }
    const eligibleAmounts = eligible.map(({ index }) => Math.max(0, cart.amountsLeft?.[index] ?? amounts[index] ?? 0));
    const eligibleTotal = eligibleAmounts.reduce((sum, amount) => sum + amount, 0);
    const discount =
      coupon.kind === 'percentage'
        ? roundHalfEven(BigInt(eligibleTotal) * BigInt(clampBasisPoints(coupon.percentBasisPoints)), BASIS_POINTS)
        : Math.min(Math.max(0, Math.trunc(coupon.amountCents ?? 0)), eligibleTotal);
    const shares = allocateProRata(discount, eligibleAmounts);
    eligible.forEach(({ index }, i) => (lineDiscounts[index] = (lineDiscounts[index] ?? 0) + (shares[i] ?? 0)));
    orderLevelTaken = true;
    discountCents += discount;
    validCoupons.push({ id: coupon.id, code: coupon.code, kind: coupon.kind, discountCents: discount });
  }

  return { validCoupons, invalidCoupons, discountCents, freeShipping, lineDiscounts };
}
