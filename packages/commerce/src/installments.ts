import { ProductType } from './types';

export const DEFAULT_INSTALLMENT_COUNT = 4;

export type InstallmentProvider = 'afterpay' | 'clearpay';

export const INSTALLMENT_PROVIDER_NAMES: Record<InstallmentProvider, string> = {
  afterpay: 'Afterpay',
  clearpay: 'Clearpay',
};

const PROVIDER_BY_LOCALE: Record<string, InstallmentProvider> = {
  en_US: 'afterpay',
  en_CA: 'afterpay',
  fr_CA: 'afterpay',
  en_AU: 'afterpay',
  en_NZ: 'afterpay',
  en_GB: 'clearpay',
};

/** Languages the provider supports in each country; the first is the fallback. */
const LANGUAGES_BY_COUNTRY: Record<string, string[]> = {
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  GB: ['en'],
};

function normaliseLocale(locale: string): string {
  const [language = '', country = ''] = locale.replace('-', '_').split('_');
  return `${language.toLowerCase()}_${country.toUpperCase()}`;
}

/** Afterpay in the US, Canada, Australia and New Zealand; Clearpay in the UK. Accepts en_US or en-US. */
export function installmentProvider(locale: string): InstallmentProvider | null {
  return PROVIDER_BY_LOCALE[normaliseLocale(locale)] ?? null;
}

/**
 * The provider locale for a shopper: their language if the merchant's country
 * supports it, else the country's first language. Null where no provider runs.
 */
export function installmentLocale(shopperLanguage: string, countryCode: string): string | null {
  const country = countryCode.toUpperCase();
  const languages = LANGUAGES_BY_COUNTRY[country];
  if (!languages) return null;
  const language = shopperLanguage.slice(0, 2).toLowerCase();
  return `${languages.includes(language) ? language : languages[0]}_${country}`;
}

export interface InstallmentContext {
  afterPayAvailable: boolean;
  /** Minor units. */
  afterPayMin: number;
  /** Minor units. */
  afterPayMax: number;
  shopperLanguage?: string;
  stripeAccountCountry?: string;
}

/** The pill shows only for physical products where the merchant has Afterpay. */
export function isInstallmentPillShown(productType: number, context: Pick<InstallmentContext, 'afterPayAvailable'>): boolean {
  return productType === ProductType.PHYSICAL && context.afterPayAvailable === true;
}

/** In range: strictly above the minimum and not above the maximum, in minor units. */
export function isInstallmentInRange(priceCents: number, minCents: number, maxCents: number): boolean {
  return priceCents > minCents && priceCents <= maxCents;
}

/** A whole cart qualifies only when it has items and every one is physical. */
export function isCartInstallmentEligible(entries: readonly { productType: number }[]): boolean {
  return entries.length > 0 && entries.every((entry) => entry.productType === ProductType.PHYSICAL);
}

/** One installment, rounded up to a whole minor unit so the payments never fall short. */
export function installmentAmount(priceCents: number, count = DEFAULT_INSTALLMENT_COUNT): number {
  return Math.ceil(priceCents / count);
}

export interface InstallmentWordingInput {
  priceCents: number;
  minCents: number;
  maxCents: number;
  provider: InstallmentProvider;
  /** Formats minor units in the store currency. */
  formatPrice: (cents: number) => string;
  count?: number;
}

/**
 * The pill's sentence. Out of range, a total above the maximum reads "up to
 * the maximum"; anything else reads "over the minimum".
 */
export function installmentWording(input: InstallmentWordingInput): string {
  const count = input.count ?? DEFAULT_INSTALLMENT_COUNT;
  const name = INSTALLMENT_PROVIDER_NAMES[input.provider];
  if (isInstallmentInRange(input.priceCents, input.minCents, input.maxCents)) {
    return `or ${count} interest-free payments of ${input.formatPrice(installmentAmount(input.priceCents, count))} with ${name}`;
  }
  if (input.priceCents > input.maxCents) {
    return `${name} is available for orders up to ${input.formatPrice(input.maxCents)}`;
  }
  return `${name} is available for orders over ${input.formatPrice(input.minCents)}`;
}

/**
 * The cart page's installment line for the whole cart, or null when nothing is to be said (no provider,
 * the merchant has none, an empty cart). A cart with a non-physical line is not eligible and says so;
 * an eligible cart reads as the product pill does, for its subtotal.
 */
/** The provider the store advertises (Afterpay or Clearpay, by its Stripe account's country), or null when it has none on. */
export function storeInstallmentProvider(context: InstallmentContext): InstallmentProvider | null {
  if (!context.afterPayAvailable) return null;
  const locale = installmentLocale(context.shopperLanguage ?? 'en', context.stripeAccountCountry ?? 'US');
  return locale ? installmentProvider(locale) : null;
}

/**
 * The provider checkout offers for this cart, or null: the one rule behind both the cart's installment line and the
 * PaymentIntent's methods, so checkout offers Afterpay/Clearpay exactly where the pill promised it (the store has
 * it on, every item is physical, the subtotal is in the owner's range).
 */
export function cartInstallmentOffer(input: {
  entries: readonly { productType: number }[];
  subtotalCents: number;
  context: InstallmentContext;
}): InstallmentProvider | null {
  const provider = storeInstallmentProvider(input.context);
  if (!provider || !isCartInstallmentEligible(input.entries)) return null;
  return isInstallmentInRange(input.subtotalCents, input.context.afterPayMin, input.context.afterPayMax) ? provider : null;
}

export function cartInstallmentWording(input: {
  entries: readonly { productType: number }[];
  subtotalCents: number;
  context: InstallmentContext;
  formatPrice: (cents: number) => string;
}): string | null {
  const { context, entries } = input;
  if (entries.length === 0) return null;
  const provider = storeInstallmentProvider(context);
  if (!provider) return null;
  if (!isCartInstallmentEligible(entries)) {
    return `${INSTALLMENT_PROVIDER_NAMES[provider]} is available only when every item in the cart is a physical product`;
  }
  return installmentWording({
    priceCents: input.subtotalCents,
    minCents: context.afterPayMin,
    maxCents: context.afterPayMax,
    provider,
    formatPrice: input.formatPrice,
  });
}
