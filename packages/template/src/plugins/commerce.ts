// Commerce formatters: prices, product status, scarcity, restock, quantity input, variant select, buttons.
// Every shop rule (sold out, on sale, from-price...) comes from @vitrine/commerce; this file only writes markup.
import {
  BUTTON_LABELS,
  fromPrice,
  hasVariedPrices,
  isOnSale,
  isQuantityInputVisible,
  isSoldOut,
  normalPrice,
  productStatus,
  productTypeOf,
  salePrice,
  totalStockRemaining,
  variantOptions,
  type ProductItem,
  type StoreSettings,
  type Variant,
} from '@vitrine/commerce';
import { fractionDigitsOf, isCurrencyCode } from '@vitrine/format/currencies';
import { formatMoney } from '@vitrine/format/money';
import { subscriptionPriceWording } from '@vitrine/format/subscriptions';
import { numberFormat } from '@vitrine/format/intl-cache';
import type { Formatter, RenderState } from '../runtime';
import { isTruthy } from '../runtime';
import { get, text } from './read';
import { escapeAttribute, escapeHtml } from './core';

/** Product JSON as the commerce rules read it. */
function asProduct(v: unknown): ProductItem {
  return v !== null && typeof v === 'object' ? (v as ProductItem) : {};
}

/**
 * A commerce rule applied to a context product. Not memoised: the rules read integer-parsed prices
 * in a few dozen nanoseconds, less than a per-render memo table costs.
 */
export function commerceRule<T>(_s: RenderState, v: unknown, fn: (product: ProductItem) => T): T {
  return fn(asProduct(v));
}

function localized(s: RenderState, key: string): string | undefined {
  const value = s.resolve(`localizedStrings.${key}`);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Money for a price in minor units: @vitrine/format's formatMoney (the 27 store currencies, locale-aware) when the
 * site opts into CLDR money, else the legacy span with the plain amount.
 */
function moneyHtml(minorUnits: number, currency: string, s: RenderState): string {
  const digits = isCurrencyCode(currency) ? fractionDigitsOf(currency) : 2;
  if (isTruthy(s.resolve('featureFlags.useCLDRMoneyFormat')) || isTruthy(s.resolve('website.useCLDRMoneyFormat'))) {
    if (isCurrencyCode(currency) && Number.isSafeInteger(minorUnits)) {
      try {
        return formatMoney(minorUnits, currency, { locale: s.locale });
      } catch {
        // fall through to Intl for amounts formatMoney refuses (more than 15 integer places)
      }
    }
    return numberFormat(s.locale, { style: 'currency', currency }).format(minorUnits / 10 ** digits);
  }
  const amount = numberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minorUnits / 10 ** digits);
  return `<span class="sqs-money-native">${amount}</span>`;
}

function currencyOf(product: ProductItem): string {
  const content = product.structuredContent;
  const money = content?.priceMoney ?? content?.variants?.find((v) => v.priceMoney?.currency)?.priceMoney;
  return money?.currency ?? 'USD';
}

const PERIOD_NAMES: Record<string, string> = { WEEK: 'Weekly', MONTH: 'Monthly', YEAR: 'Yearly' };
const DURATION_NAMES: Record<string, string> = { week: 'Weeks', month: 'Months', year: 'Years' };

interface Plan {
  billingPeriod?: { value?: number; unit?: string };
  numBillingCycles?: number;
}

/** '… every 2 weeks for 6 weeks', from a merchant's translation when localizedStrings has one. */
function subscriptionText(price: string, plan: Plan | undefined, kind: string, s: RenderState): string {
  const period = plan?.billingPeriod;
  const value = Number(period?.value);
  const unit = String(period?.unit ?? '');
  const cycles = Number(plan?.numBillingCycles ?? 0);
  const english = subscriptionPriceWording({ price, billingPeriod: { value, unit }, numBillingCycles: cycles });
  if (english === 'Unavailable' || !PERIOD_NAMES[unit]) return english;
  const periodKey = `${value === 1 ? '1' : 'n'}${PERIOD_NAMES[unit]}`;
  let durationKey = 'indefinite';
  let duration = 0;
  if (cycles > 0) {
    const m = / for (\d+) (week|month|year)s?$/.exec(english);
    if (m) {
      duration = Number(m[1]);
      durationKey = `limited__${duration === 1 ? '1' : 'n'}${DURATION_NAMES[m[2]!]}`;
    }
  }
  const translation = localized(s, `productPrice__${kind}__${periodKey}__${durationKey}`);
  if (!translation) return english;
  return translation
    .replace(/\{price\}/g, price)
    .replace(/\{billingPeriodValue\}/g, String(value))
    .replace(/\{duration\}/g, String(duration));
}

function isSubscription(product: ProductItem): boolean {
  return isTruthy(product.structuredContent?.isSubscribable);
}

/** The inside of a price block: from-price, sale pair, or single price; subscriptions add their period. */
function priceLines(product: ProductItem, s: RenderState, plan: Plan | undefined, subscribed: boolean): string {
  const type = productTypeOf(product);
  if (type < 0) return '';
  if (subscribed && !plan?.billingPeriod) {
    return `${localized(s, 'productPriceUnavailable') ?? 'Unavailable'}\n`;
  }
  const currency = currencyOf(product);
  const suffix = (html: string, kind: string) => (subscribed ? subscriptionText(html, plan, kind, s) : html);
  if (hasVariedPrices(product)) return `from ${suffix(moneyHtml(fromPrice(product), currency, s), 'fromPrice')}\n`;
  if (isOnSale(product)) {
    return (
      `<span class="visually-hidden v6-visually-hidden">Sale Price:</span>${suffix(moneyHtml(salePrice(product), currency, s), 'salePrice')} ` +
      `<span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price">${suffix(moneyHtml(normalPrice(product), currency, s), 'singlePrice')}</span>\n`
    );
  }
  return suffix(moneyHtml(normalPrice(product), currency, s), 'singlePrice');
}

function productPrice(v: unknown, s: RenderState): string {
  const product = asProduct(v);
  const subscribed = isSubscription(product);
  const plan = product.structuredContent?.subscriptionPlan as Plan | undefined;
  const inner = priceLines(product, s, plan, subscribed);
  return `${inner === '' ? '\n\n\n' : ''}<div class="product-price">\n${inner}\n</div>`;
}

/** A product whose variants carry the prices of their first subscription pricing option. */
function pricingOptionProduct(product: ProductItem): ProductItem | null {
  const variants: Variant[] = [];
  for (const variant of product.structuredContent?.variants ?? []) {
    const option = (variant as { pricingOptions?: unknown[] }).pricingOptions?.[0] as Record<string, unknown> | undefined;
    if (!option) continue;
    variants.push({
      price: Number(option.price) || 0,
      salePrice: Number(option.salePrice) || 0,
      priceMoney: normaliseMoney(option.priceMoney),
      salePriceMoney: normaliseMoney(option.salePriceMoney),
      onSale: option.onSale === true,
    } as Variant);
  }
  if (variants.length === 0) return null;
  return { ...product, structuredContent: { ...product.structuredContent, variants } };
}

function normaliseMoney(money: unknown): Variant['priceMoney'] {
  if (money === null || typeof money !== 'object') return undefined;
  const m = money as { value?: unknown; currency?: unknown };
  return { value: String(m.value ?? '0'), currency: typeof m.currency === 'string' ? m.currency : 'USD' } as Variant['priceMoney'];
}

// ---------------------------------------------------------------- markup helpers

function merchandising(s: RenderState, product: unknown): unknown {
  const id = text(get(product, 'id'));
  return id ? get(s.resolve('productMerchandisingContext'), id) : undefined;
}

function variantsSelect(v: unknown, s: RenderState): string {
  const product = asProduct(v);
  const options = variantOptions(product);
  if (options.length === 0) return '';
  const content = product.structuredContent ?? {};
  const isGiftCard = productTypeOf(product) === 4;
  const variantsJson = escapeAttribute(JSON.stringify(content.variants ?? []));
  let out = `<div class="product-variants" data-item-id="${escapeAttribute(text(product.id))}" data-variants="${variantsJson}"`;
  if (isTruthy(content.isSubscribable)) {
    out += ` data-is-subscribable="true" data-subscription-plan="${escapeAttribute(JSON.stringify(content.subscriptionPlan ?? {}))}"`;
  }
  out += ' data-animation-role="content">\n';
  for (const option of options) {
    const name = option.name;
    const title = isGiftCard ? (localized(s, 'giftCardValueDisplayText') ?? name) : name;
    const pattern = isGiftCard ? localized(s, 'giftCardVariantSelectText') : localized(s, 'productVariantSelectText');
    const selectText = (pattern ?? 'Select {variantName}').replace(/\{variantName\}/g, name);
    const nameAttr = escapeAttribute(name);
    out +=
      '    <div class="variant-option">\n' +
      `    <div class="variant-option-title">${escapeHtml(title)}: </div>\n` +
      '    <div class="variant-select-wrapper">\n' +
      `      <select aria-label="${selectText}" data-variant-option-name="${nameAttr}">\n` +
      `        <option value="">${escapeHtml(selectText)}</option>\n        ` +
      option.values.map((value) => `<option value="${escapeAttribute(value)}">${escapeHtml(value)}</option>`).join('') +
      '\n      </select>\n    </div>\n' +
      `    <div class="variant-radiobtn-wrapper" data-variant-option-name="${nameAttr}">\n`;
    for (const value of option.values) {
      const id = `variant-option-${nameAttr}-${escapeAttribute(value)}`;
      out +=
        `      <input type="radio" class="variant-radiobtn" value="${escapeAttribute(value)}" name="variant-option-${nameAttr}" id="${id}"/>\n` +
        `      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="${id}">${escapeHtml(value)}</label>\n`;
    }
    out += '    </div>\n    </div>\n';
  }
  return `${out}  </div>`;
}

function addToCartButton(v: unknown, s: RenderState): string {
  const product = asProduct(v);
  const content = (product.structuredContent ?? {}) as Record<string, unknown>;
  const custom = content.useCustomAddButtonText === true && typeof content.customAddButtonText === 'string' && content.customAddButtonText.trim() !== '';
  const subscribed = isTruthy(content.isSubscribable);
  const label = custom
    ? (content.customAddButtonText as string)
    : subscribed
      ? (localized(s, 'productSubscribeText') ?? BUTTON_LABELS.subscribe)
      : (localized(s, 'productAddToCartText') ?? BUTTON_LABELS.templateDefault);
  const hasForm = typeof content.additionalFieldsFormId === 'string' && content.additionalFieldsFormId !== '' && content.additionalFieldsForm != null;
  const subscriptionOption = subscribed ? get(content, 'productSubscriptionOptions', '0', 'id') : undefined;
  const escapedLabel = escapeAttribute(label);
  // The reference's button template starts with 13 blank lines; pages rendered by either engine match byte for byte.
  return (
    '\n'.repeat(13) +
    '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    `  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ${hasForm ? 'use-form' : ''}" role="button" tabindex="0" data-dynamic-strings ` +
    `data-collection-id="${escapeAttribute(text(product.collectionId))}" data-item-id="${escapeAttribute(text(product.id))}" ` +
    `data-product-type="${escapeAttribute(text(content.productType))}" data-use-custom-label="${escapeAttribute(text(content.useCustomAddButtonText))}" ` +
    `${subscribed ? 'data-is-subscription="true" ' : ''}data-original-label="${escapedLabel}" ` +
    `${hasForm ? `data-form="${escapeAttribute(JSON.stringify(content.additionalFieldsForm))}"` : ''}` +
    `${subscriptionOption !== undefined ? `data-subscription-option-id="${escapeAttribute(text(subscriptionOption))}"` : ''}>\n` +
    `    <div class="sqs-add-to-cart-button-inner">${escapeHtml(label)}</div>\n  </div>\n</div>`
  );
}

function quantityInput(v: unknown, s: RenderState): string {
  const product = asProduct(v);
  const settings = s.resolve('websiteSettings.storeSettings') as StoreSettings | undefined;
  if (!isQuantityInputVisible(product, settings, totalStockRemaining(product))) return '';
  return (
    `\n\n\n<div class="product-quantity-input" data-item-id="${escapeAttribute(text(product.id))}" data-animation-role="content">\n` +
    '  <div class="quantity-label">Quantity:</div>\n' +
    '  <input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>'
  );
}

export const COMMERCE_FORMATTERS: Record<string, Formatter> = {
  'normal-price': (v, _args, s) => commerceRule(s, v, normalPrice),
  'sale-price': (v, _args, s) => commerceRule(s, v, salePrice),
  'from-price': (v, _args, s) => commerceRule(s, v, fromPrice),
  'product-price': (v, _args, s) => productPrice(v, s),
  'subscription-price': (v, _args, s) => {
    const product = pricingOptionProduct(asProduct(v));
    const inner = product ? priceLines(product, s, undefined, false) : '';
    return `${inner === '' ? '\n\n\n' : ''}<div class="subscription-price">\n${inner}\n</div>`;
  },
  'product-status': (v, _args, s) => {
    const status = commerceRule(s, v, productStatus);
    if (status === null) return '';
    const custom = status === 'sold-out' ? get(merchandising(s, v), 'customSoldOutText') : undefined;
    const label = typeof custom === 'string' && custom !== '' ? custom : status === 'sold-out' ? BUTTON_LABELS.soldOut : BUTTON_LABELS.sale;
    return `<div class="product-mark ${status}">${escapeHtml(label)}</div>`;
  },
  'product-scarcity': (v, _args, s) => {
    const context = merchandising(s, v);
    if (get(context, 'scarcityEnabled') !== true) return '';
    const views = get(context, 'scarcityTemplateViews');
    if (!Array.isArray(views) || views.length === 0) return '';
    const template = escapeHtml(text(get(context, 'scarcityText')));
    const shownByDefault = get(context, 'scarcityShownByDefault') === true;
    return views
      .map((view) => {
        const attributes = get(view, 'attributes');
        const hidden = attributes !== undefined || !shownByDefault;
        const attr = attributes !== undefined ? ` data-variant-attributes="${escapeAttribute(JSON.stringify(attributes))}"` : '';
        const body = template.replace(/\{qtyInStock\}/g, text(get(view, 'qtyInStock')));
        return `<div class="product-scarcity"${attr}${hidden ? ' hidden' : ''}>\n    ${body}\n  </div>`;
      })
      .join('\n\n  ');
  },
  'product-restock-notification': (v, _args, s) => {
    const context = merchandising(s, v);
    const views = get(context, 'restockNotificationViews');
    if (!Array.isArray(views) || views.length === 0) return '';
    const messages = get(context, 'restockNotificationMessages');
    const message = (key: string) => escapeHtml(text(get(messages, key)));
    const signUp = get(context, 'mailingListSignUpEnabled') === true;
    const optIn = get(context, 'mailingListOptInByDefault') === true;
    const captcha = text(s.resolve('website.captchaSettings.siteKey')) !== '';
    const id = escapeAttribute(text(get(v, 'id')));
    return '\n'.repeat(7) + views
      .map(
        (view) =>
          `<div class="product-restock-notification" data-product-id="${id}" data-variant-id="${escapeAttribute(text(get(view, 'variantId')))}"${get(view, 'hiddenByDefault') === true ? ' hidden' : ''}>\n` +
          `  <span class="product-restock-cta">${message('CTAText')}</span>\n` +
          '  <form class="product-restock-form" action="#">\n' +
          `    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="${escapeAttribute(text(get(messages, 'placeholderText')))}">\n` +
          `    <input class="sqs-editable-button" type="submit" value="${escapeAttribute(text(get(messages, 'buttonText')))}">\n` +
          '  </form>\n' +
          (signUp
            ? `  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"${optIn ? ' checked' : ''}>${message('mailingListDescription')}</label>`
            : '') +
          '\n' +
          (captcha ? '  <div class="captcha-container"></div>' : '') +
          '\n</div>',
      )
      .join('\n\n') + '\n';
  },
  'quantity-input': (v, _args, s) => quantityInput(v, s),
  'variants-select': (v, _args, s) => variantsSelect(v, s),
  'add-to-cart-btn': (v, _args, s) => addToCartButton(v, s),
  'product-checkout': (v, _args, s) => {
    // The checkout block stacks the variant select, the quantity input and the button, one section per line.
    const parts = [variantsSelect(v, s), quantityInput(v, s)];
    return `${parts[0]}\n${parts[1]}${addToCartButton(v, s)}`;
  },
  'product-quick-view': (v, args, s) => {
    const group = args[0] === undefined ? '' : (() => {
      const resolved = s.resolve(args[0]);
      return resolved === undefined || resolved === null ? args[0] : text(resolved);
    })();
    const label = localized(s, 'productQuickViewText') ?? BUTTON_LABELS.quickView;
    return `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${escapeAttribute(text(get(v, 'id')))}" data-group="${escapeAttribute(group)}">${escapeHtml(label)}</span>`;
  },
  'cart-quantity': (v) => {
    const entries = get(v, 'entries');
    let total = 0;
    if (Array.isArray(entries)) for (const entry of entries) total += Number(get(entry, 'quantity')) || 0;
    return `<span class="sqs-cart-quantity">${total}</span>`;
  },
  'cart-subtotal': () => 'deprecated, do not use',
  'cart-url': () => '/cart',
  'variant-descriptor': (v) => {
    const values = get(v, 'optionValues');
    if (!Array.isArray(values)) return '';
    return values.map((o) => text(get(o, 'value'))).join(' / ');
  },
};
