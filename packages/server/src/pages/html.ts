import type { CartEntry, ShoppingCart } from '@vitrine/commerce/cart';
import { isSoldOut, productStatus } from '@vitrine/commerce/product';
import type { ProductItemJson } from '../catalog/product-item';
import { fractionDigitsOf } from '../catalog/money';
import type {
  BasePageContext,
  CheckoutPageContext,
  GiftCardPageContext,
  OrderConfirmedPageContext,
  ProductPageContext,
  SearchPageContext,
  StorePageContext,
} from './contexts';

/**
 * Plain, escaped HTML for every page until the theme and islands take over (they will reuse the
 * context builders). Every value from the database goes through escapeHtml.
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function money(cents: number, context: BasePageContext): string {
  const currency = context.website.baseCurrency;
  const digits = fractionDigitsOf(currency);
  return new Intl.NumberFormat(context.website.language, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits })
    .format(cents / 10 ** digits);
}

export function layout(context: BasePageContext, title: string, body: string): string {
  const siteTitle = escapeHtml(context.website.siteTitle);
  return `<!doctype html>
<html lang="${escapeHtml(context.website.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ${siteTitle}</title>
</head>
<body>
<header><a href="/">${siteTitle}</a> <nav><a href="/shop">Shop</a> <a href="/search">Search</a> <a href="/cart">Cart</a></nav></header>
<main>
${body}
</main>
</body>
</html>
`;
}

function productCard(item: ProductItemJson, context: BasePageContext): string {
  const first = item.structuredContent.variants[0];
  const status = productStatus(item);
  const price = first ? money(first.onSale ? first.salePrice : first.price, context) : '';
  return `<li><a href="${escapeHtml(item.fullUrl)}">${escapeHtml(item.title)}</a> <span class="price">${escapeHtml(price)}</span>${
    status ? ` <span class="status">${status === 'sold-out' ? 'sold out' : 'sale'}</span>` : ''
  }</li>`;
}

export function renderStorePage(context: StorePageContext): string {
  const items = context.items.map((item) => productCard(item, context)).join('\n');
  return layout(context, context.collection.title, `<h1>${escapeHtml(context.collection.title)}</h1>\n<ul class="products">\n${items}\n</ul>`);
}

export function renderHomePage(context: BasePageContext & Partial<StorePageContext>): string {
  const items = (context.items ?? []).map((item) => productCard(item, context)).join('\n');
  return layout(context, 'Home', `<h1>${escapeHtml(context.website.siteTitle)}</h1>\n<ul class="products">\n${items}\n</ul>`);
}

export function renderProductPage(context: ProductPageContext): string {
  const { item } = context;
  const variants = item.structuredContent.variants
    .map((variant) => {
      const options = variant.optionValues.map((option) => `${option.optionName}: ${option.value}`).join(', ');
      const stock = variant.unlimited ? 'in stock' : variant.qtyInStock > 0 ? `${variant.qtyInStock} in stock` : 'sold out';
      const price = variant.onSale
        ? `<s>${escapeHtml(money(variant.price, context))}</s> ${escapeHtml(money(variant.salePrice, context))}`
        : escapeHtml(money(variant.price, context));
      return `<li data-sku="${escapeHtml(variant.sku)}">${escapeHtml(options || variant.sku)} — ${price} — ${escapeHtml(stock)}</li>`;
    })
    .join('\n');
  const soldOut = isSoldOut(item) ? `<p class="status">${escapeHtml(item.customSoldOutText || 'sold out')}</p>` : '';
  return layout(
    context,
    item.title,
    `<article data-item-id="${escapeHtml(item.id)}">\n<h1>${escapeHtml(item.title)}</h1>\n<p>${escapeHtml(item.excerpt)}</p>\n${soldOut}\n<ul class="variants">\n${variants}\n</ul>\n</article>`,
  );
}

function cartLines(cart: ShoppingCart, context: BasePageContext): string {
  if (cart.entries.length === 0) return '<p>You have nothing in your shopping cart.</p>';
  const lines = cart.entries
    .map((entry: CartEntry) => {
      const options = Object.entries(entry.chosenVariant.attributes).map(([name, value]) => `${name}: ${value}`).join(', ');
      return `<li data-entry-id="${escapeHtml(entry.id)}">${escapeHtml(entry.title)}${options ? ` (${escapeHtml(options)})` : ''} × ${entry.quantity} — ${escapeHtml(money(entry.subTotal, context))}</li>`;
    })
    .join('\n');
  return `<ul class="cart">\n${lines}\n</ul>\n<p>Subtotal: ${escapeHtml(money(cart.subtotalCents, context))}</p>`;
}

export function renderCartPage(context: BasePageContext & { shoppingCart: ShoppingCart }): string {
  return layout(context, 'Cart', `<h1>Cart</h1>\n${cartLines(context.shoppingCart, context)}`);
}

export function renderCheckoutPage(context: CheckoutPageContext): string {
  const title = context.checkoutKind === 'subscription' ? 'Subscription' : 'Checkout';
  return layout(context, title, `<h1>${title}</h1>\n${cartLines(context.shoppingCart, context)}`);
}

export function renderOrderConfirmedPage(context: OrderConfirmedPageContext): string {
  const { order } = context;
  if (!order) return layout(context, 'Order not found', '<h1>Order not found</h1>');
  const items = order.items
    .map((item) => `<li>${escapeHtml(item.productName)} (${escapeHtml(item.sku)}) × ${item.quantity} — ${escapeHtml(item.unitPrice.value)} ${escapeHtml(item.unitPrice.currency)}</li>`)
    .join('\n');
  return layout(
    context,
    'Order confirmed',
    `<h1>Thank you for your order</h1>\n<p>Order ${escapeHtml(order.id)}${order.testMode ? ' (test mode)' : ''}</p>\n<ul>\n${items}\n</ul>\n<p>Total: ${escapeHtml(order.grandTotal.value)} ${escapeHtml(order.grandTotal.currency)}</p>`,
  );
}

export function renderGiftCardPage(context: GiftCardPageContext): string {
  if (!context.item) return layout(context, 'Gift Card', '<h1>Gift Card</h1>\n<p>Select a denomination for the Gift Card</p>');
  const amount = context.variant ? money(context.variant.price, context) : '';
  return layout(context, 'Gift Card', `<h1>${escapeHtml(context.item.title)}</h1>\n<p>${escapeHtml(amount)}</p>`);
}

export function renderSearchPage(context: SearchPageContext): string {
  const items = context.items.map((item) => productCard(item, context)).join('\n');
  return layout(
    context,
    'Search',
    `<h1>Search</h1>\n<form action="/search"><input name="q" value="${escapeHtml(context.query)}" aria-label="Search"><button>Search</button></form>\n<ul class="products">\n${items}\n</ul>`,
  );
}

export function renderNotFoundPage(context: BasePageContext): string {
  return layout(context, 'Page not found', '<h1>Page not found</h1>');
}
