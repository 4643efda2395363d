import { formatMoney } from '@vitrine/format';
import { ProductType } from '../types';
import { isLineInScope } from './coupons';
import { allocateProRata, roundHalfEven } from './rounding';
import { lineAmountCents, lineNeedsShipping } from './shipping';
import { BASIS_POINTS, clampBasisPoints } from './tax';
import type { CheckoutLine, CouponScope } from './types';

/**
 * Automatic discounts (issue 38 item 5): discounts the owner turns on that apply without a code. Four kinds:
 * - 'spend-over': the merchandise (after product discounts) reaches minSubtotalCents → percentBasisPoints or
 *   amountCents off the order;
 * - 'buy-x-get-y': of the in-scope units, every buyQuantity + getQuantity units the getQuantity cheapest are
 *   percentBasisPoints off (10000 = free);
 * - 'quantity-tiers': the in-scope quantity reaches a tier's minQuantity → that tier's percentage off those lines
 *   (a 'products' scope counts each product on its own; 'collections' and 'all' count the scope's units together);
 * - 'free-shipping': the merchandise after every discount reaches minSubtotalCents and something ships → shipping 0.
 *
 * Stacking (decided, as Shopify does it, kept simple):
 * 1. product discounts (tiers, buy X get Y) never stack on one line: each line takes the one that saves it most;
 * 2. at most one order discount (spend over) applies — the one that saves the shopper most — on what the product
 *    discounts left;
 * 3. a coupon combines with these only when it says so (combinesWithAutomaticDiscounts); otherwise the better of
 *    the two applies — the coupon when it saves at least as much (the shopper chose it), else the automatic
 *    discounts, and the coupon is reported as not combined (not refused: the order goes through without it);
 * 4. free shipping (automatic or coupon) combines with everything;
 * 5. gift card lines are never discounted and never count toward a threshold; gift cards pay last, as payment.
 * Money is integer minor units; each percentage is rounded half-even (storefront §3) once per line; no line and no
 * total ever goes below zero. Active window: startsAt inclusive, endsAt exclusive; `active` false turns it off.
 */

export type AutomaticDiscountKind = 'spend-over' | 'buy-x-get-y' | 'quantity-tiers' | 'free-shipping';

export interface QuantityTier {
  minQuantity: number;
  percentBasisPoints: number;
}

export interface AutomaticDiscount {
  id: string;
  /** What the shopper reads in the cart ("Summer sale"). */
  title: string;
  kind: AutomaticDiscountKind;
  active: boolean;
  /** ISO 8601; null: no bound. */
  startsAt?: string | null;
  endsAt?: string | null;
  /** spend-over, free-shipping: the threshold. */
  minSubtotalCents?: number | null;
  /** spend-over (percentage), buy-x-get-y (10000 = free). */
  percentBasisPoints?: number | null;
  /** spend-over (fixed amount). */
  amountCents?: number | null;
  /** buy-x-get-y. */
  buyQuantity?: number | null;
  getQuantity?: number | null;
  /** buy-x-get-y, quantity-tiers; absent: everything. */
  scope?: CouponScope | null;
  /** quantity-tiers. */
  tiers?: readonly QuantityTier[] | null;
}

export interface AppliedAutomaticDiscount {
  id: string;
  title: string;
  kind: AutomaticDiscountKind;
  /** What it takes off the lines (0 for free shipping). */
  discountCents: number;
}

const PRODUCT_KINDS: readonly AutomaticDiscountKind[] = ['buy-x-get-y', 'quantity-tiers'];

function instant(value: string | null | undefined): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

const nowMsOf = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());

/** On, started (startsAt inclusive) and not ended (endsAt exclusive). */
export function isAutomaticDiscountLive(discount: AutomaticDiscount, now: Date | number): boolean {
  if (!discount.active) return false;
  const nowMs = nowMsOf(now);
  const starts = instant(discount.startsAt);
  if (starts !== null && nowMs < starts) return false;
  const ends = instant(discount.endsAt);
  return ends === null || nowMs < ends;
}

const wholeNonNegative = (value: number | null | undefined) => Math.max(0, Math.trunc(value ?? 0));
const inScope = (line: CheckoutLine, scope: CouponScope | null | undefined) => isLineInScope(line, { scope: scope ?? { kind: 'all' } });
const percentOf = (amount: number, basisPoints: number | null | undefined) =>
  roundHalfEven(BigInt(amount) * BigInt(clampBasisPoints(basisPoints ?? 0)), BASIS_POINTS);

/** The tier a quantity reaches: the one with the highest minQuantity ≤ quantity, or null. */
export function tierFor(tiers: readonly QuantityTier[] | null | undefined, quantity: number): QuantityTier | null {
  let best: QuantityTier | null = null;
  for (const tier of tiers ?? []) {
    if (tier.minQuantity >= 1 && quantity >= tier.minQuantity && (!best || tier.minQuantity > best.minQuantity)) best = tier;
  }
  return best;
}

/** A quantity-tiers discount's saving per line (0 off scope). */
function quantityTierShares(discount: AutomaticDiscount, lines: readonly CheckoutLine[], amounts: readonly number[]): number[] {
  const scope = discount.scope ?? { kind: 'all' };
  const quantityOf = new Map<string, number>();
  // A 'products' scope counts each product on its own; otherwise the scope's units count together.
  const groupOf = (line: CheckoutLine) => (scope.kind === 'products' ? line.productId : '*');
  lines.forEach((line) => {
    if (inScope(line, scope)) quantityOf.set(groupOf(line), (quantityOf.get(groupOf(line)) ?? 0) + line.quantity);
  });
  return lines.map((line, index) => {
    if (!inScope(line, scope)) return 0;
    const tier = tierFor(discount.tiers, quantityOf.get(groupOf(line)) ?? 0);
    return tier ? percentOf(amounts[index] ?? 0, tier.percentBasisPoints) : 0;
  });
}

/** A buy-X-get-Y discount's saving per line: the cheapest units of each complete group (ties: the later line). */
function buyXGetYShares(discount: AutomaticDiscount, lines: readonly CheckoutLine[]): number[] {
  const buy = wholeNonNegative(discount.buyQuantity);
  const get = wholeNonNegative(discount.getQuantity);
  const shares = lines.map(() => 0);
  if (buy < 1 || get < 1) return shares;
  const eligible = lines.map((line, index) => ({ line, index })).filter(({ line }) => inScope(line, discount.scope) && line.quantity > 0);
  const units = eligible.reduce((sum, { line }) => sum + line.quantity, 0);
  let free = Math.floor(units / (buy + get)) * get;
  const cheapestFirst = [...eligible].sort((a, b) => a.line.unitPriceCents - b.line.unitPriceCents || b.index - a.index);
  for (const { line, index } of cheapestFirst) {
    if (free === 0) break;
    const taken = Math.min(free, line.quantity);
    free -= taken;
    shares[index] = percentOf(lineAmountCents({ unitPriceCents: line.unitPriceCents, quantity: taken }), discount.percentBasisPoints ?? BASIS_POINTS);
  }
  return shares;
}

export interface AutomaticDiscountEvaluation {
  /** The discounts that take something off the lines, in the order they were given. */
  applied: AppliedAutomaticDiscount[];
  /** Σ of applied discounts. */
  discountCents: number;
  /** Per line, in order: what the automatic discounts take off it (never more than its amount). */
  lineDiscounts: number[];
}

/**
 * The product and order discounts (not free shipping) live at `now`, applied to the lines by the stacking rules
 * above (1, 2, 5). Deterministic: ties go to the discount given first.
 */
export function evaluateAutomaticDiscounts(
  discounts: readonly AutomaticDiscount[],
  lines: readonly CheckoutLine[],
  now: Date | number,
): AutomaticDiscountEvaluation {
  const live = discounts.filter((discount) => isAutomaticDiscountLive(discount, now));
  const amounts = lines.map((line) => (line.productType === ProductType.GIFT_CARD ? 0 : lineAmountCents(line)));
  const lineDiscounts = lines.map(() => 0);
  const owner = lines.map((): string | null => null);

  // 1. Product discounts: per line, the one that saves it most.
  for (const discount of live.filter((candidate) => PRODUCT_KINDS.includes(candidate.kind))) {
    const shares = discount.kind === 'quantity-tiers' ? quantityTierShares(discount, lines, amounts) : buyXGetYShares(discount, lines);
    shares.forEach((share, index) => {
      const capped = Math.min(share, amounts[index] ?? 0);
      if (capped > (lineDiscounts[index] ?? 0)) {
        lineDiscounts[index] = capped;
        owner[index] = discount.id;
      }
    });
  }
  const savedBy = new Map<string, number>();
  owner.forEach((id, index) => id && savedBy.set(id, (savedBy.get(id) ?? 0) + (lineDiscounts[index] ?? 0)));

  // 2. One order discount, the best, on what is left.
  const left = amounts.map((amount, index) => amount - (lineDiscounts[index] ?? 0));
  const merchandise = left.reduce((sum, amount) => sum + amount, 0);
  let best: { discount: AutomaticDiscount; cents: number } | null = null;
  for (const discount of live.filter((candidate) => candidate.kind === 'spend-over')) {
    if (merchandise <= 0 || merchandise < wholeNonNegative(discount.minSubtotalCents)) continue;
    const cents = discount.percentBasisPoints != null
      ? percentOf(merchandise, discount.percentBasisPoints)
      : Math.min(wholeNonNegative(discount.amountCents), merchandise);
    if (cents > 0 && (!best || cents > best.cents)) best = { discount, cents };
  }
  if (best) {
    const shares = allocateProRata(best.cents, left);
    shares.forEach((share, index) => (lineDiscounts[index] = (lineDiscounts[index] ?? 0) + share));
    savedBy.set(best.discount.id, best.cents);
  }

  const applied = live
    .filter((discount) => (savedBy.get(discount.id) ?? 0) > 0)
    .map((discount) => ({ id: discount.id, title: discount.title, kind: discount.kind, discountCents: savedBy.get(discount.id)! }));
  return { applied, discountCents: applied.reduce((sum, discount) => sum + discount.discountCents, 0), lineDiscounts };
}

export interface FreeShippingEvaluation {
  /** The free-shipping discount that applies (the lowest threshold reached), or null. */
  applied: AppliedAutomaticDiscount | null;
  /**
   * What the merchandise lacks for the nearest free-shipping threshold, or null (nothing ships, none is live, or
   * one is reached already).
   */
  shortfallCents: number | null;
}

/**
 * The free-shipping automatic discounts against the merchandise after every discount (gift card lines never count):
 * reached when it is ≥ the threshold and something ships.
 */
export function evaluateAutomaticFreeShipping(
  discounts: readonly AutomaticDiscount[],
  lines: readonly CheckoutLine[],
  lineDiscounts: readonly number[],
  now: Date | number,
): FreeShippingEvaluation {
  const live = discounts
    .filter((discount) => discount.kind === 'free-shipping' && isAutomaticDiscountLive(discount, now))
    .sort((a, b) => wholeNonNegative(a.minSubtotalCents) - wholeNonNegative(b.minSubtotalCents));
  if (live.length === 0 || !lines.some(lineNeedsShipping)) return { applied: null, shortfallCents: null };
  const merchandise = lines.reduce(
    (sum, line, index) => (line.productType === ProductType.GIFT_CARD ? sum : sum + lineAmountCents(line) - (lineDiscounts[index] ?? 0)),
    0,
  );
  const first = live[0]!;
  const threshold = wholeNonNegative(first.minSubtotalCents);
  if (merchandise >= threshold) {
    return { applied: { id: first.id, title: first.title, kind: 'free-shipping', discountCents: 0 }, shortfallCents: null };
  }
  return { applied: null, shortfallCents: threshold - merchandise };
}

/** "10%", "12.5%": a basis-point rate as the shopper reads it. */
export function percentLabel(basisPoints: number): string {
  return `${clampBasisPoints(basisPoints) / 100}%`;
}

/** The cart's nudge, e.g. "Add $12.00 for free shipping" (money as the store formats it). */
export function freeShippingNudge(shortfallCents: number, currency: string, locale = 'en-US'): string {
  // Site locales may arrive as 'en_US'; Intl wants 'en-US'.
  return `Add ${formatMoney(shortfallCents, currency, { locale: locale.replaceAll('_', '-') || 'en-US' })} for free shipping`;
}

/** The product page's tier lines, lowest first: "Buy 3, save 10%". */
export function quantityTierLabels(discount: Pick<AutomaticDiscount, 'kind' | 'tiers'>): string[] {
  if (discount.kind !== 'quantity-tiers') return [];
  return [...(discount.tiers ?? [])]
    .filter((tier) => tier.minQuantity >= 1 && tier.percentBasisPoints > 0)
    .sort((a, b) => a.minQuantity - b.minQuantity)
    .map((tier) => `Buy ${tier.minQuantity}, save ${percentLabel(tier.percentBasisPoints)}`);
}

/** The live quantity-tier lines for one product ("Buy 3, save 10%"), from every tier discount whose scope holds it. */
export function productTierLabels(
  discounts: readonly AutomaticDiscount[],
  product: { productId: string; collectionIds?: readonly string[]; productType: number },
  now: Date | number,
): string[] {
  const line: CheckoutLine = { id: '', productId: product.productId, collectionIds: product.collectionIds, productType: product.productType, quantity: 1, unitPriceCents: 0 };
  return discounts
    .filter((discount) => discount.kind === 'quantity-tiers' && isAutomaticDiscountLive(discount, now) && inScope(line, discount.scope))
    .flatMap(quantityTierLabels);
}
