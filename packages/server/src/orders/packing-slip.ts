import type { Kysely } from 'kysely';
import type { Actor } from '../actor';
import { authorize } from '../authorize';
import type { Database, Website } from '../db/schema';
import { escapeHtml } from '../http/plain-page';
import { siteIdentityOf } from '../websites';
import { addressLines } from './confirmation-mail';
import { readOwnerOrder } from './manage';
import { orderNumberLabel } from './order-number';

/**
 * The printable packing slip (issue 38 item 2): the store's name and logo, the shipping address, the order number
 * and every line with its quantity and what is left to ship — no prices, since it travels in the parcel. Its print
 * styles are a stylesheet of the owner app's (the CSP takes no <style> element); every value is escaped.
 */
export const PACKING_SLIP_STYLESHEET = '/assets/owner-app/packing-slip.css';

export async function packingSlipHtml(db: Kysely<Database>, website: Website, actor: Actor, orderId: string): Promise<string> {
  authorize(actor, 'orders:read');
  const order = await readOwnerOrder(db, website, orderId);
  const row = await db.selectFrom('orders').select(['shipping_address', 'created_at']).where('website_id', '=', website.id).where('id', '=', orderId).executeTakeFirstOrThrow();
  const identity = siteIdentityOf(website);
  const number = orderNumberLabel(order.orderNumber);
  const address = addressLines(row.shipping_address, website.locale);
  const logo = identity.logo ? `<img class="slip-logo" src="${escapeHtml(identity.logo.assetUrl)}" alt="${escapeHtml(identity.logo.altText || website.site_title)}">` : '';
  const optionsOf = (lineId: string) => {
    const index = order.lines.findIndex((line) => line.lineId === lineId);
    return (order.items[index]?.optionValues ?? []).map((option) => `${option.optionName}: ${option.value}`).join(', ');
  };
  const rows = order.lines
    .map((line) => {
      const options = optionsOf(line.lineId);
      return `<tr><td>${escapeHtml(line.productName)}${options ? `<br><span class="slip-muted">${escapeHtml(options)}</span>` : ''}</td><td>${escapeHtml(line.sku)}</td><td class="slip-number">${line.quantity}</td><td class="slip-number">${line.fulfilled}</td></tr>`;
    })
    .join('\n');
  const placed = new Intl.DateTimeFormat(website.locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(row.created_at);
  return `<!doctype html>
<html lang="${escapeHtml(website.locale.split('_')[0] || 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Packing slip ${escapeHtml(number)} · ${escapeHtml(website.site_title)}</title>
<link rel="stylesheet" href="${PACKING_SLIP_STYLESHEET}">
</head>
<body class="slip">
<main class="slip-page">
<header class="slip-header">
${logo}<p class="slip-store">${escapeHtml(website.site_title)}</p>
<h1>Packing slip</h1>
<p>Order ${escapeHtml(number)} · ${escapeHtml(placed)}</p>
</header>
<section class="slip-address" aria-labelledby="slip-ship-to"><h2 id="slip-ship-to">Ship to</h2>
${address ? `<p>${address.lines.map(escapeHtml).join('<br>')}</p>` : '<p>No shipping address (nothing to ship).</p>'}
</section>
<table class="slip-lines">
<caption>Items</caption>
<thead><tr><th scope="col">Item</th><th scope="col">SKU</th><th scope="col" class="slip-number">Ordered</th><th scope="col" class="slip-number">Shipped</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="slip-thanks">Thank you for shopping with ${escapeHtml(website.site_title)}.</p>
</main>
</body>
</html>`;
}
