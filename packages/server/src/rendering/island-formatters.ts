import type { InstallmentContext, ShoppingCart, StoreSettings } from '@vitrine/commerce';
import { renderIsland } from '@vitrine/storefront/server';
import { escapeHtml, type Formatter, type RenderState } from '@vitrine/template';
import { todayIn } from '@vitrine/commerce/gift-cards';
import { formatMoney, imageAltText, subscriptionPriceWording } from '@vitrine/format';
import { catalogDomain, catalogLanguageOf, type Catalog, type CatalogDomain } from '@vitrine/format/catalogs';
import { storeMoneyOf } from './price-formatters';

// Island formatters: the theme says where an island goes (`{@|island-product-form}`), the
// formatter gathers its props from the page context and server-renders it for hydration.

/**
 * What the price line and the installment pill read of a product: its id, type and prices. The product
 * form carries the whole product; these two islands sit beside it on the same page, and carrying the
 * whole product (description, pictures, form) in each of their props tripled its weight on the page.
 */
function pricesOf(product: StorefrontProduct): StorefrontProduct {
  const content = product.structuredContent ?? {};
  return {
    id: product.id,
    structuredContent: {
      productType: content.productType,
      variants: content.variants,
      onSale: content.onSale,
      priceMoney: content.priceMoney,
      salePriceMoney: content.salePriceMoney,
      isSubscribable: content.isSubscribable,
    },
  } as StorefrontProduct;
}

/**
 * The catalog domains an island reads, in the visitor's language (the renderer's `visitorLanguage`): only those
 * domains, and nothing for English, whose words the storefront bundles already (an English page's props stay as
 * they were).
 */
function islandMessagesOf<Domain extends CatalogDomain>(ctx: RenderState, domains: readonly Domain[]): { messages?: Pick<Catalog, Domain> } {
  const catalog = ctx.resolve('visitorLanguage.catalog');
  if (typeof catalog !== 'string' || catalog === 'en') return {};
  const language = catalogLanguageOf(catalog);
  return { messages: Object.fromEntries(domains.map((domain) => [domain, catalogDomain(language, domain)])) as Pick<Catalog, Domain> };
}

/** The shopper's own cart, or on the cart and checkout pages the cart being shown. */
function cartOf(ctx: RenderState, path: 'visitorCart' | 'shoppingCart' = 'visitorCart'): ShoppingCart | null {
  const cart = ctx.resolve(path);
  return cart && typeof cart === 'object' ? (cart as ShoppingCart) : null;
}

/**
 * The page carries the visitor's cart once (theme-renderer.ts writes its data block), so an island
 * showing that very cart leaves it out of its props; a different cart travels in the island's props.
 */
const cartOnPage = (ctx: RenderState, cart: ShoppingCart | null) => ({ cartOnPage: cart === cartOf(ctx) });

const isExpressCheckout = (ctx: RenderState) => ctx.resolve('websiteSettings.storeSettings.expressCheckout') === true;
const isCustomCart = (ctx: RenderState) => ctx.resolve('websiteSettings.storeSettings.customCart') === true;

function storeSettingsOf(ctx: RenderState): StoreSettings | undefined {
  const settings = ctx.resolve('websiteSettings.storeSettings');
  return settings && typeof settings === 'object' ? (settings as StoreSettings) : undefined;
}

function text(ctx: RenderState, path: string): string | undefined {
  const value = ctx.resolve(path);
  return typeof value === 'string' ? value : undefined;
}

/** The website shows a captcha where one is asked for (platform spec §3 website.captchaSettings.siteKey). */
const hasCaptcha = (ctx: RenderState) => (text(ctx, 'website.captchaSettings.siteKey') ?? '').trim() !== '';

/** The lesson island's player prop (storefront's islands/Lesson.tsx). */
type LessonPlayerProp = Extract<Parameters<typeof renderIsland<'Lesson'>>[1], { part: 'player' }>['player'];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

type StorefrontProduct = Parameters<typeof renderIsland<'ProductForm'>>[1]['product'];

/**
 * A subscription's price line in the format library's words (platform §5), its price left as `{price}` for the
 * island to fill with the chosen variant's: '{price} every month', '{price} every 2 weeks for 6 months'. The wording
 * code stays on the server, out of the every-page script.
 */
function subscriptionWordingOf(product: StorefrontProduct): { priceWording?: string } {
  const content = product.structuredContent;
  const plan = content?.subscriptionPlan;
  if (!content?.isSubscribable || !plan) return {};
  return { priceWording: subscriptionPriceWording({ price: '{price}', billingPeriod: plan.billingPeriod, numBillingCycles: plan.numBillingCycles }) };
}

/**
 * The checkout page context's `checkout` (shipsTo, pricesIncludeTax, testMode), read from the page's root: inside
 * the template's `{.section shoppingCart}` the name `checkout` would find the cart's own checkout answers first.
 */
function checkoutSettingsOf(ctx: RenderState): Record<string, unknown> {
  let frame = ctx.frame;
  while (frame.parent) frame = frame.parent;
  const root = frame.node;
  const settings = isObject(root) ? root.checkout : undefined;
  return isObject(settings) ? settings : {};
}

export const islandFormatters: Record<string, Formatter> = {
  'island-header-cart': (_value, _args, ctx) =>
    renderIsland('HeaderCartIndicator', { cart: cartOf(ctx), ...storeMoneyOf(ctx) }, { cartOnPage: true }),

  'island-cart-pill': (_value, _args, ctx) =>
    renderIsland('CartPill', {
      cart: cartOf(ctx),
      pathname: text(ctx, 'pagePath') ?? '/',
      expressCheckout: isExpressCheckout(ctx),
      customCart: isCustomCart(ctx),
      ...storeMoneyOf(ctx),
    }, { cartOnPage: true }),

  // `{product|island-product-form without-image}`: where the theme shows the product's picture itself (the
  // Product block), the form leaves out its own, so the picture is on the page (and fetched) once.
  'island-product-form': (value, args, ctx) => {
    if (!isObject(value)) return '';
    const chosenSku = text(ctx, 'chosenSku');
    return renderIsland('ProductForm', {
      product: value as StorefrontProduct,
      ...(args.includes('without-image') ? { showImage: false } : {}),
      ...(chosenSku ? { initialSku: chosenSku } : {}),
      ...(hasCaptcha(ctx) ? { captcha: true } : {}),
      settings: storeSettingsOf(ctx),
      cart: cartOf(ctx),
      expressCheckout: isExpressCheckout(ctx),
      ...storeMoneyOf(ctx),
      ...islandMessagesOf(ctx, ['cart', 'addToCart', 'restock', 'restockTexts']),
    }, { cartOnPage: true });
  },

  // The product page's price line: follows the variant chosen in the product form.
  'island-product-price': (value, _args, ctx) => {
    if (!isObject(value)) return '';
    return renderIsland('ProductPrice', { product: pricesOf(value as StorefrontProduct), ...subscriptionWordingOf(value as StorefrontProduct), ...storeMoneyOf(ctx) });
  },

  // On a store-grid card: opens the product form in a dialog (the product is fetched on open).
  'island-quick-view': (value, _args, ctx) => {
    if (!isObject(value) || typeof value.fullUrl !== 'string' || typeof value.title !== 'string') return '';
    // The owner's 'quick-view' feature toggle turned off for this visitor (experiments/page-experiments.ts).
    if (ctx.resolve('hiddenFeatures.quickView') === true) return '';
    return renderIsland('QuickView', {
      productUrl: value.fullUrl,
      title: value.title,
      expressCheckout: isExpressCheckout(ctx),
      ...storeMoneyOf(ctx),
    });
  },

  // The product page's quantity tiers ("Buy 3, save 10%"; pages/contexts.ts `discountTiers`): plain HTML, no island.
  'discount-tiers': (_value, _args, ctx) => {
    const tiers = ctx.resolve('discountTiers');
    if (!Array.isArray(tiers) || tiers.length === 0) return '';
    const items = tiers.filter((tier): tier is string => typeof tier === 'string').map((tier) => `<li>${escapeHtml(tier)}</li>`);
    return `<ul class="vitrine-product-tiers" aria-label="Quantity discounts">${items.join('')}</ul>`;
  },

  'island-installment-pill': (value, _args, ctx) => {
    const installments = ctx.resolve('installments');
    if (!isObject(value) || !isObject(installments)) return '';
    return renderIsland('InstallmentPill', {
      product: pricesOf(value as StorefrontProduct),
      installments: installments as unknown as Parameters<typeof renderIsland<'InstallmentPill'>>[1]['installments'],
      ...storeMoneyOf(ctx),
    });
  },

  // More photos of a product: a gallery block with a lightbox, when there is more than one image.
  'island-gallery': (value) => {
    if (!isObject(value) || !Array.isArray(value.items) || value.items.length < 2) return '';
    const title = typeof value.title === 'string' ? value.title : 'Product';
    type GalleryImages = Parameters<typeof renderIsland<'Gallery'>>[1]['images'];
    // A picture without texts of its own is named after the product (never its file name).
    const images = (value.items as GalleryImages).map((image) => ({ ...image, altText: imageAltText(image, title) }));
    return renderIsland('Gallery', {
      images,
      settings: { design: 'grid', lightbox: true, 'thumbnails-per-row': 4, 'aspect-ratio': 'square', 'show-meta': false },
      label: `${title} photos`,
    });
  },

  // A form or newsletter block (a content page's block, or the footer's newsletter): `{ id, type, form }`.
  // The page fields a submission carries come from the page being shown.
  'island-site-form': (value, _args, ctx) => {
    if (!isObject(value) || !isObject(value.form) || typeof value.id !== 'string') return '';
    const contentPage = ctx.resolve('contentPage');
    const page = isObject(contentPage)
      ? { title: String(contentPage.title ?? ''), id: String(contentPage.id ?? ''), path: String(contentPage.fullUrl ?? '/') }
      : { title: text(ctx, 'pageTitle') ?? text(ctx, 'website.siteTitle') ?? '', id: '', path: text(ctx, 'pagePath') ?? '/' };
    type SiteFormProps = Parameters<typeof renderIsland<'SiteForm'>>[1];
    return renderIsland('SiteForm', {
      form: value.form as unknown as SiteFormProps['form'],
      // A page of blocks is a collection page ('c'); public pages have permission type 1.
      page: { ...page, contentSource: 'c', permissionTypeValue: 1 },
      blockId: value.id,
      // Under the page's h1, and beside the footer's column headings (h2), the form's name is an h2.
      headingLevel: 2,
      ...islandMessagesOf(ctx, ['form', 'fieldRules', 'formSubmission']),
    });
  },

  // A post's comment form and like button (comments/; issue 20 item 4): `{ itemId, enabled, likingEnabled, likeCount }`.
  'island-comment-form': (value, _args, ctx) =>
    isObject(value) && typeof value.itemId === 'string' ? renderIsland('Comments', { part: 'form', itemId: value.itemId, captcha: hasCaptcha(ctx) }) : '',
  'island-like-button': (value, _args, ctx) =>
    isObject(value) && typeof value.itemId === 'string'
      ? renderIsland('Comments', { part: 'like', itemId: value.itemId, likeCount: typeof value.likeCount === 'number' ? value.likeCount : 0, postTitle: text(ctx, 'item.title') ?? '' })
      : '',

  // The course page (courses/): nothing in the HTML; it reports the lesson list was seen (video-list-view).
  'island-course-outline': (_value, _args, ctx) => {
    const collectionId = text(ctx, 'collection.id');
    const lessonCount = ctx.resolve('course.lessonCount');
    return collectionId ? renderIsland('Lesson', { part: 'outline', collectionId, lessonCount: typeof lessonCount === 'number' ? lessonCount : 0 }) : '';
  },
  // A lesson page (courses/): the player (the gated file or the embed behind a play button) and "Mark complete".
  'island-lesson-player': (_value, _args, ctx) => {
    const lesson = ctx.resolve('lesson');
    const itemId = text(ctx, 'item.id');
    const access = text(ctx, 'viewerAccessStatus');
    if (!isObject(lesson) || !itemId || (access !== 'member' && access !== 'preview')) return '';
    const url = text(ctx, 'item.fullUrl') ?? '/';
    return renderIsland('Lesson', {
      part: 'player',
      itemId,
      title: text(ctx, 'item.title') ?? '',
      access,
      player: isObject(lesson.player) ? (lesson.player as unknown as LessonPlayerProp) : null,
      canKeepProgress: lesson.canKeepProgress === true,
      completed: lesson.completed === true,
      positionSeconds: typeof lesson.positionSeconds === 'number' ? lesson.positionSeconds : 0,
      progressUrl: typeof lesson.progressUrl === 'string' ? lesson.progressUrl : '',
      signInUrl: `/account?next=${encodeURIComponent(url)}`,
    });
  },

  // The owner's popup overlay (popup-overlay/): nothing in the HTML; the island opens it when its trigger fires.
  'island-popup-overlay': (value) =>
    isObject(value) ? renderIsland('PopupOverlay', { popup: value as unknown as Parameters<typeof renderIsland<'PopupOverlay'>>[1]['popup'] }) : '',

  'island-cart-page': (_value, _args, ctx) => {
    const minimum = ctx.resolve('websiteSettings.storeSettings.minimumOrderSubtotalCents');
    const forms = ctx.resolve('additionalFieldsForms');
    const cart = cartOf(ctx, 'shoppingCart');
    const installments = ctx.resolve('installments');
    return renderIsland('CartPage', {
      cart,
      minimumSubtotalCents: typeof minimum === 'number' ? minimum : null,
      forms: isObject(forms) ? forms : {},
      ...(isObject(installments) ? { installments: installments as unknown as InstallmentContext } : {}),
      ...storeMoneyOf(ctx),
      ...islandMessagesOf(ctx, ['cart', 'form']),
    }, cartOnPage(ctx, cart));
  },

  // On the gift card page, inside the chosen denomination's section: the purchase form (recipient, message, date),
  // with the store's today as the first send date.
  'island-gift-card': (value, _args, ctx) => {
    const itemId = text(ctx, 'item.id');
    if (!isObject(value) || typeof value.sku !== 'string' || !itemId) return '';
    const today = todayIn(text(ctx, 'website.timeZone') ?? 'UTC');
    const { currency, locale } = storeMoneyOf(ctx);
    const amountLabel = typeof value.price === 'number' ? formatMoney(value.price, currency, { locale }) : '';
    return renderIsland('GiftCardPurchase', { itemId, sku: value.sku, amountLabel, today, submitLabel: 'Buy Gift Card' });
  },

  // The checkout page: the cart being checked out travels in the island's props (it carries the checkout's
  // answers and totals, and for a checkout link it is not the visitor's cart).
  'island-checkout': (_value, _args, ctx) => {
    const cartToken = text(ctx, 'cartToken');
    const kind = text(ctx, 'checkoutKind');
    const settings = checkoutSettingsOf(ctx);
    const shipsTo = settings.shipsTo;
    const minimum = ctx.resolve('websiteSettings.storeSettings.minimumOrderSubtotalCents');
    return renderIsland('Checkout', {
      cart: cartOf(ctx, 'shoppingCart'),
      ...(cartToken ? { cartToken } : {}),
      kind: kind === 'subscription' ? 'subscription' : kind === 'express' ? 'express' : 'cart',
      shipsTo: Array.isArray(shipsTo) ? shipsTo.filter((code): code is string => typeof code === 'string') : null,
      pricesIncludeTax: settings.pricesIncludeTax === true,
      testMode: settings.testMode === true,
      manualPayment: manualPaymentPropOf(settings.manualPayment),
      minimumSubtotalCents: typeof minimum === 'number' ? minimum : null,
      ...storeMoneyOf(ctx),
      ...islandMessagesOf(ctx, ['cart', 'address', 'coupon', 'giftCard']),
    });
  },
};

/** The checkout settings' manual method ({ label }) as the island takes it; null when the store has none. */
function manualPaymentPropOf(value: unknown): { label: string } | null {
  const label = (value as { label?: unknown } | null | undefined)?.label;
  return typeof label === 'string' && label !== '' ? { label } : null;
}
