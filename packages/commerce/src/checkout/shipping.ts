import { ProductType } from '../types';
import { zoneFor } from './location';
import type { CheckoutLine, ShippingLocation, ShippingOption, ShippingRate, ShippingZone } from './types';

/** The platform's PAYWALL product type (§3): a membership, bought through the join button, ships nothing. */
const PAYWALL_PRODUCT_TYPE = 5;

/** Digital, service, gift-card and PAYWALL lines need no shipping; physical ones (and any unknown type) do. */
export function lineNeedsShipping(line: Pick<CheckoutLine, 'productType'>): boolean {
  return (
    line.productType !== ProductType.DIGITAL &&
    line.productType !== ProductType.SERVICE &&
    line.productType !== ProductType.GIFT_CARD &&
    line.productType !== PAYWALL_PRODUCT_TYPE
  );
}

export function requiresShipping(lines: readonly Pick<CheckoutLine, 'productType'>[]): boolean {
  return lines.some(lineNeedsShipping);
}

/** Line amount in minor units: unit price × quantity (RangeError beyond the safe integer range). */
export function lineAmountCents(line: Pick<CheckoutLine, 'unitPriceCents' | 'quantity'>): number {
  const amount = line.unitPriceCents * line.quantity;
  if (!Number.isSafeInteger(amount)) throw new RangeError('Line amount exceeds the safe integer range');
  return amount;
}

/** The weight of what ships, in grams: per-unit weight × quantity over the lines that need shipping. */
export function cartWeightGrams(lines: readonly Pick<CheckoutLine, 'productType' | 'quantity' | 'weightGrams'>[]): number {
  let grams = 0;
  for (const line of lines) {
    if (!lineNeedsShipping(line)) continue;
    grams += Math.max(0, line.weightGrams ?? 0) * line.quantity;
  }
  return grams;
}

/**
 * A rate's price for this cart, or null when the rate cannot ship it (a weight rate whose heaviest tier is
 * lighter than the cart). Weight tiers are read in ascending upToGrams order whatever order they were saved in.
 */
export function priceRate(rate: ShippingRate, weightGrams: number, shippableSubtotalCents: number): number | null {
  switch (rate.kind) {
    case 'flat':
      return Math.max(0, rate.amountCents);
    case 'free-over': {
      const threshold = rate.freeOverCents;
      if (typeof threshold === 'number' && shippableSubtotalCents >= threshold) return 0;
      return Math.max(0, rate.amountCents);
    }
    case 'weight': {
      const tiers = [...(rate.weightTiers ?? [])].sort((a, b) => a.upToGrams - b.upToGrams);
      const tier = tiers.find((candidate) => candidate.upToGrams >= weightGrams);
      return tier ? Math.max(0, tier.amountCents) : null;
    }
    default:
      return null;
  }
}

/**
 * The options the shopper may choose, in the zone's order: none when nothing needs shipping, no location is
 * known yet, or no zone ships there.
 */
export function shippingOptionsFor(
  cart: { lines: readonly CheckoutLine[] },
  location: ShippingLocation | null,
  zones: readonly ShippingZone[],
  shippableSubtotalAfterDiscount: number,
): ShippingOption[] {
  if (!requiresShipping(cart.lines)) return [];
  const zone = zoneFor(location, zones);
  if (!zone) return [];
  const weight = cartWeightGrams(cart.lines);
  const options: ShippingOption[] = [];
  for (const rate of zone.rates) {
    const amountCents = priceRate(rate, weight, shippableSubtotalAfterDiscount);
    if (amountCents !== null) options.push({ id: rate.id, name: rate.name, amountCents });
  }
  return options;
}

/** The chosen option when it is on offer, else the cheapest (the first among equals), else null. */
export function selectShippingOption(
  options: readonly ShippingOption[],
  selectedId: string | null | undefined,
): ShippingOption | null {
  const chosen = selectedId ? options.find((option) => option.id === selectedId) : undefined;
  if (chosen) return chosen;
  let cheapest: ShippingOption | null = null;
  for (const option of options) if (!cheapest || option.amountCents < cheapest.amountCents) cheapest = option;
  return cheapest;
}
