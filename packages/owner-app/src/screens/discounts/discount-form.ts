import type { AutomaticDiscountBody, AutomaticDiscountJson, AutomaticDiscountKind, CouponScope } from '@vitrine/contracts';
import { formatMoney } from '@vitrine/format/money';
import { moneyInputText, parseMoneyInput } from '../products/editor/money-input';
import { basisPointsToPercent, percentToBasisPoints } from '../settings/taxes/percent';
import { isoToLocalInput, localInputToIso } from '../settings/coupons/zoned-time';

/** An automatic discount as the form holds it: text as typed, money in the store currency, dates as wall times. */
export interface DiscountForm {
  title: string;
  kind: AutomaticDiscountKind;
  /** spend-over: a percentage or an amount off. */
  offBy: 'percent' | 'amount';
  percent: string;
  amount: string;
  minSubtotal: string;
  buyQuantity: string;
  getQuantity: string;
  tiers: { minQuantity: string; percent: string }[];
  scope: 'all' | 'products';
  productIds: string[];
  startsAt: string;
  endsAt: string;
  active: boolean;
}

export const DISCOUNT_KINDS: readonly { kind: AutomaticDiscountKind; label: string }[] = [
  { kind: 'free-shipping', label: 'Free shipping over an amount' },
  { kind: 'spend-over', label: 'Spend over an amount' },
  { kind: 'quantity-tiers', label: 'Quantity tiers' },
  { kind: 'buy-x-get-y', label: 'Buy X get Y' },
];

export const DISCOUNT_TEXTS = {
  title: 'Enter a title of 1 to 100 characters; shoppers read it in the cart.',
  percent: 'Enter a percentage from 0.01 to 100 with at most two decimals, such as 15.',
  amount: 'Enter an amount more than 0.',
  quantity: 'Enter a whole number from 1 to 10000.',
  tiersAscending: 'Each tier needs more items than the one before.',
  products: 'Choose at least one product.',
  date: 'Enter a date and time, or leave it empty.',
  endsAfterStarts: 'The end must come after the start.',
  fixFields: 'Some fields are not valid. Check the fields marked.',
  saved: 'Saved.',
  turnedOn: (title: string) => `${title} is on.`,
  turnedOff: (title: string) => `${title} is off.`,
  readOnly: 'Your role may see the discounts but not change them.',
} as const;

export const emptyDiscount = (): DiscountForm => ({
  title: '', kind: 'free-shipping', offBy: 'percent', percent: '', amount: '', minSubtotal: '', buyQuantity: '1', getQuantity: '1',
  tiers: [{ minQuantity: '3', percent: '10' }, { minQuantity: '6', percent: '15' }], scope: 'all', productIds: [], startsAt: '', endsAt: '', active: true,
});

export function formOfDiscount(discount: AutomaticDiscountJson, currency: string, timeZone: string): DiscountForm {
  const empty = emptyDiscount();
  return {
    title: discount.title,
    kind: discount.kind,
    offBy: discount.amountCents != null ? 'amount' : 'percent',
    percent: discount.percentBasisPoints == null ? '' : basisPointsToPercent(discount.percentBasisPoints),
    amount: discount.amountCents == null ? '' : moneyInputText(discount.amountCents, currency),
    minSubtotal: discount.minSubtotalCents == null ? '' : moneyInputText(discount.minSubtotalCents, currency),
    buyQuantity: discount.buyQuantity == null ? empty.buyQuantity : String(discount.buyQuantity),
    getQuantity: discount.getQuantity == null ? empty.getQuantity : String(discount.getQuantity),
    tiers: discount.tiers ? discount.tiers.map((tier) => ({ minQuantity: String(tier.minQuantity), percent: basisPointsToPercent(tier.percentBasisPoints) })) : empty.tiers,
    scope: discount.scope.kind === 'products' ? 'products' : 'all',
    productIds: discount.scope.kind === 'products' ? [...discount.scope.productIds] : [],
    startsAt: isoToLocalInput(discount.startsAt, timeZone),
    endsAt: isoToLocalInput(discount.endsAt, timeZone),
    active: discount.active,
  };
}

const wholeQuantity = (text: string): number | null => (/^[1-9]\d{0,3}$|^10000$/.test(text.trim()) ? Number(text.trim()) : null);

/** The body to send, whole — only the fields the kind reads — or the errors keyed by the body's fields. */
export function discountBodyOf(form: DiscountForm, currency: string, timeZone: string, locale = 'en-US'): { body?: AutomaticDiscountBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const title = form.title.trim();
  if (title.length < 1 || title.length > 100) errors.title = DISCOUNT_TEXTS.title;
  const money = (text: string, key: string): number | null => {
    const parsed = parseMoneyInput(text, currency, locale);
    if (parsed.ok) return parsed.minor;
    errors[key] = parsed.message;
    return null;
  };
  const percent = (text: string, key: string): number | null => {
    const value = percentToBasisPoints(text, { min: 1 }) ?? null;
    if (value === null) errors[key] = DISCOUNT_TEXTS.percent;
    return value;
  };
  const startsAt = localInputToIso(form.startsAt, timeZone);
  const endsAt = localInputToIso(form.endsAt, timeZone);
  if (startsAt === undefined) errors.startsAt = DISCOUNT_TEXTS.date;
  if (endsAt === undefined) errors.endsAt = DISCOUNT_TEXTS.date;
  if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt = DISCOUNT_TEXTS.endsAfterStarts;
  const body: AutomaticDiscountBody = { title, kind: form.kind, active: form.active, startsAt: startsAt ?? null, endsAt: endsAt ?? null };

  const scope = (): CouponScope => {
    if (form.scope === 'all') return { kind: 'all' };
    if (form.productIds.length === 0) errors.scope = DISCOUNT_TEXTS.products;
    return { kind: 'products', productIds: form.productIds };
  };
  if (form.kind === 'free-shipping' || form.kind === 'spend-over') body.minSubtotalCents = money(form.minSubtotal, 'minSubtotalCents');
  if (form.kind === 'spend-over') {
    if (form.offBy === 'percent') body.percentBasisPoints = percent(form.percent, 'percentBasisPoints');
    else {
      body.amountCents = money(form.amount, 'amountCents');
      if (body.amountCents === 0) errors.amountCents = DISCOUNT_TEXTS.amount;
    }
  }
  if (form.kind === 'buy-x-get-y') {
    body.buyQuantity = wholeQuantity(form.buyQuantity);
    body.getQuantity = wholeQuantity(form.getQuantity);
    if (body.buyQuantity === null) errors.buyQuantity = DISCOUNT_TEXTS.quantity;
    if (body.getQuantity === null) errors.getQuantity = DISCOUNT_TEXTS.quantity;
    body.percentBasisPoints = percent(form.percent === '' ? '100' : form.percent, 'percentBasisPoints');
    body.scope = scope();
  }
  if (form.kind === 'quantity-tiers') {
    body.tiers = form.tiers.map((tier, index) => {
      const minQuantity = wholeQuantity(tier.minQuantity);
      if (minQuantity === null) errors[`tiers.${index}.minQuantity`] = DISCOUNT_TEXTS.quantity;
      const before = index > 0 ? wholeQuantity(form.tiers[index - 1]!.minQuantity) : null;
      if (minQuantity !== null && before !== null && minQuantity <= before) errors[`tiers.${index}.minQuantity`] = DISCOUNT_TEXTS.tiersAscending;
      return { minQuantity: minQuantity ?? 0, percentBasisPoints: percent(tier.percent, `tiers.${index}.percentBasisPoints`) ?? 0 };
    });
    body.scope = scope();
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { body, errors };
}

/** A discount in words for the list: 'Free shipping from $50.00', '10 % off from $40.00', 'Buy 3: 10 % off · Buy 6: 15 % off', 'Buy 1, get 1 free'. */
export function discountSummary(discount: AutomaticDiscountJson, currency: string, locale = 'en-US'): string {
  const money = (cents: number | null) => formatMoney(cents ?? 0, currency, { locale });
  switch (discount.kind) {
    case 'free-shipping':
      return `Free shipping from ${money(discount.minSubtotalCents)}`;
    case 'spend-over':
      return `${discount.amountCents != null ? money(discount.amountCents) : `${basisPointsToPercent(discount.percentBasisPoints ?? 0)} %`} off from ${money(discount.minSubtotalCents)}`;
    case 'quantity-tiers':
      return (discount.tiers ?? []).map((tier) => `Buy ${tier.minQuantity}: ${basisPointsToPercent(tier.percentBasisPoints)} % off`).join(' · ');
    case 'buy-x-get-y':
      return `Buy ${discount.buyQuantity}, get ${discount.getQuantity} ${discount.percentBasisPoints === 10_000 ? 'free' : `at ${basisPointsToPercent(discount.percentBasisPoints ?? 0)} % off`}`;
    default:
      return '';
  }
}
