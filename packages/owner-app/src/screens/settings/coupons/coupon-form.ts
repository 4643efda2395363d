import type { CouponBody, CouponJson, CouponKind, CouponScope } from '@vitrine/contracts';
import { formatMoney } from '@vitrine/format/money';
import { moneyInputText, parseMoneyInput } from '../../products/editor/money-input';
import { basisPointsToPercent, percentToBasisPoints } from '../taxes/percent';
import { isoToLocalInput, localInputToIso } from './zoned-time';

/** A coupon as the form holds it: text as typed, money in the store currency, dates as wall times in the website's zone. */
export interface CouponForm {
  code: string;
  kind: CouponKind;
  percent: string;
  amount: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  scope: 'all' | 'products' | 'collections';
  productIds: string[];
  /** Collection ids as a comma list (the owner API has no collection list to pick from yet). */
  collectionIds: string;
  active: boolean;
  /** Stacks on the automatic discounts (Discounts screen); otherwise the better of the two applies. */
  combinesWithAutomaticDiscounts: boolean;
}

export const COUPON_KINDS: readonly { kind: CouponKind; label: string }[] = [
  { kind: 'percentage', label: 'Percentage off' },
  { kind: 'fixed', label: 'Amount off' },
  { kind: 'free-shipping', label: 'Free shipping' },
];

export const COUPON_TEXTS = {
  code: 'Enter a code of 1 to 50 letters, digits, - and _.',
  percent: 'Enter a percentage from 0.01 to 100 with at most two decimals, such as 15.',
  date: 'Enter a date and time, or leave it empty.',
  endsAfterStarts: 'The end must come after the start.',
  amount: 'Enter an amount more than 0.',
  uses: 'Enter a whole number, 1 or more, or leave it empty for no limit.',
  products: 'Choose at least one product.',
  collections: 'Enter at least one collection id.',
  fixFields: 'Some fields are not valid. Check the fields marked.',
  saved: 'Saved.',
  readOnly: 'Your role may see the coupons but not change them.',
} as const;

export const emptyCoupon = (): CouponForm => ({ code: '', kind: 'percentage', percent: '', amount: '', minSubtotal: '', startsAt: '', endsAt: '', usageLimit: '', perCustomerLimit: '', scope: 'all', productIds: [], collectionIds: '', active: true, combinesWithAutomaticDiscounts: false });

export function formOfCoupon(coupon: CouponJson, currency: string, timeZone: string): CouponForm {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent: coupon.percentBasisPoints == null ? '' : basisPointsToPercent(coupon.percentBasisPoints),
    amount: coupon.amountCents == null ? '' : moneyInputText(coupon.amountCents, currency),
    minSubtotal: coupon.minSubtotalCents == null ? '' : moneyInputText(coupon.minSubtotalCents, currency),
    startsAt: isoToLocalInput(coupon.startsAt, timeZone),
    endsAt: isoToLocalInput(coupon.endsAt, timeZone),
    usageLimit: coupon.usageLimit == null ? '' : String(coupon.usageLimit),
    perCustomerLimit: coupon.perCustomerLimit == null ? '' : String(coupon.perCustomerLimit),
    scope: coupon.scope.kind,
    productIds: coupon.scope.kind === 'products' ? [...coupon.scope.productIds] : [],
    collectionIds: coupon.scope.kind === 'collections' ? coupon.scope.collectionIds.join(', ') : '',
    active: coupon.active,
    combinesWithAutomaticDiscounts: coupon.combinesWithAutomaticDiscounts,
  };
}

/** The body to send, whole (money in minor units, the percentage in basis points, dates as ISO instants), or the errors keyed by its fields. */
export function couponBodyOf(form: CouponForm, currency: string, timeZone: string, locale = 'en-US'): { body?: CouponBody; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const code = form.code.trim();
  if (!/^[A-Za-z0-9_-]{1,50}$/.test(code)) errors.code = COUPON_TEXTS.code;
  let percentBasisPoints: number | null = null;
  let amountCents: number | null = null;
  if (form.kind === 'percentage') {
    percentBasisPoints = percentToBasisPoints(form.percent, { min: 1 }) ?? null;
    if (percentBasisPoints === null) errors.percentBasisPoints = COUPON_TEXTS.percent;
  }
  const money = (text: string, key: string, optional: boolean): number | null => {
    if (optional && text.trim() === '') return null;
    const parsed = parseMoneyInput(text, currency, locale);
    if (parsed.ok) return parsed.minor;
    errors[key] = parsed.message;
    return null;
  };
  if (form.kind === 'fixed') {
    amountCents = money(form.amount, 'amountCents', false);
    if (amountCents === 0) errors.amountCents = COUPON_TEXTS.amount;
  }
  const minSubtotalCents = money(form.minSubtotal, 'minSubtotalCents', true);
  const startsAt = localInputToIso(form.startsAt, timeZone);
  const endsAt = localInputToIso(form.endsAt, timeZone);
  if (startsAt === undefined) errors.startsAt = COUPON_TEXTS.date;
  if (endsAt === undefined) errors.endsAt = COUPON_TEXTS.date;
  if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt = COUPON_TEXTS.endsAfterStarts;
  const uses = (text: string, key: string): number | null => {
    const trimmed = text.trim();
    if (trimmed === '') return null;
    if (!/^[1-9]\d{0,8}$/.test(trimmed)) {
      errors[key] = COUPON_TEXTS.uses;
      return null;
    }
    return Number(trimmed);
  };
  const usageLimit = uses(form.usageLimit, 'usageLimit');
  const perCustomerLimit = uses(form.perCustomerLimit, 'perCustomerLimit');
  let scope: CouponScope = { kind: 'all' };
  if (form.scope === 'products') {
    if (form.productIds.length === 0) errors.scope = COUPON_TEXTS.products;
    scope = { kind: 'products', productIds: form.productIds };
  } else if (form.scope === 'collections') {
    const collectionIds = form.collectionIds
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    if (collectionIds.length === 0) errors.scope = COUPON_TEXTS.collections;
    scope = { kind: 'collections', collectionIds };
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: { code, kind: form.kind, percentBasisPoints, amountCents, minSubtotalCents, startsAt: startsAt ?? null, endsAt: endsAt ?? null, usageLimit, perCustomerLimit, scope, active: form.active, combinesWithAutomaticDiscounts: form.combinesWithAutomaticDiscounts },
    errors,
  };
}

/** A coupon's discount in words: '15 % off', '$5.00 off', 'Free shipping'. */
export function couponValueText(coupon: Pick<CouponJson, 'kind' | 'percentBasisPoints' | 'amountCents'>, currency: string, locale = 'en-US'): string {
  if (coupon.kind === 'free-shipping') return 'Free shipping';
  if (coupon.kind === 'percentage') return `${basisPointsToPercent(coupon.percentBasisPoints ?? 0)} % off`;
  return `${formatMoney(coupon.amountCents ?? 0, currency, { locale })} off`;
}

/** 'Used 3 of 100', 'Used 0' (no limit). */
export const usesText = (coupon: Pick<CouponJson, 'timesUsed' | 'usageLimit'>) => (coupon.usageLimit == null ? `Used ${coupon.timesUsed}` : `Used ${coupon.timesUsed} of ${coupon.usageLimit}`);
