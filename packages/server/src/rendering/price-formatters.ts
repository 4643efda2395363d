import {
  fromPrice, hasVariedPrices, isOnSale, normalPrice, productTypeOf, salePrice, ProductType, type ProductItem,
} from '@vitrine/commerce';
import { formatMoney, formatMoneyShape, isCurrencyCode } from '@vitrine/format';
import type { Formatter, RenderState } from '@vitrine/template';

/** The store currency and the visitor's locale of the page being rendered, read from its context. */
export function storeMoneyOf(ctx: RenderState): { currency: string; locale: string } {
  const currency = ctx.resolve('website.baseCurrency');
  // The visitor's language (the renderer's visitorLanguage), else the site's: money reads as that locale writes it.
  const visitorLocale = ctx.resolve('visitorLanguage.locale');
  const language = typeof visitorLocale === 'string' && visitorLocale ? visitorLocale : ctx.resolve('website.language');
  return {
    currency: typeof currency === 'string' && isCurrencyCode(currency) ? currency : 'USD',
    locale: typeof language === 'string' && language ? language.replace('_', '-') : 'en-US',
  };
}

/**
 * `{@|price-tag}` on a product item: its price in the store currency, as shoppers read it —
 * "from $20" when variants differ, the sale price beside the struck-through regular price.
 * The numbers come from @vitrine/commerce; the words and symbols from @vitrine/format.
 */
export const priceTag: Formatter = (value, _args, ctx) => {
  if (!value || typeof value !== 'object') return '';
  const product = value as ProductItem;
  const { currency, locale } = storeMoneyOf(ctx);
  const money = (cents: number) => formatMoney(cents, currency, { locale });
  const lowest = fromPrice(product);
  if (hasVariedPrices(product)) {
    return `<p class="price-tag">from <span class="price">${money(lowest)}</span></p>`;
  }
  if (isOnSale(product) && productTypeOf(product) !== ProductType.GIFT_CARD) {
    return `<p class="price-tag"><span class="sale-price">${money(salePrice(product))}</span>` +
      `<span class="original-price"><span class="visually-hidden">Regular price </span>${money(normalPrice(product))}</span></p>`;
  }
  return `<p class="price-tag"><span class="price">${money(lowest)}</span></p>`;
};

/** `{order.grandTotal|money-value}`: a `{ value, currency }` or `{ decimalValue, currencyCode }` money object. */
export const moneyValue: Formatter = (value, _args, ctx) => {
  if (!value || typeof value !== 'object') return '';
  try {
    return formatMoneyShape(value as Parameters<typeof formatMoneyShape>[0], { locale: storeMoneyOf(ctx).locale });
  } catch {
    return '';
  }
};

/** `{subtotalCents|money-cents}`: integer minor units in the store currency. */
export const moneyCents: Formatter = (value, _args, ctx) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return '';
  const { currency, locale } = storeMoneyOf(ctx);
  return formatMoney(value, currency, { locale });
};
