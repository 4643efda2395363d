import { sql, type Kysely, type Transaction } from 'kysely';
import {
  MAIL_TEMPLATE_INFO, MAIL_TEMPLATE_STARTERS, VARIABLE_PATTERN, isEditableMailTemplate,
  type EditableMailTemplate, type MailBlock, type MailTemplateDraft,
} from '@vitrine/contracts';
import { formatMoney } from '@vitrine/format/money';
import { escapeAttribute, escapeHtml } from '@vitrine/template';
import type { Database, Website } from '../db/schema';
import { mailColoursOf, type MailColours } from '../site-styles';
import { renderInLayout, renderMail, type MailRenderOptions, type MailTemplateName, type RenderedMail } from './templates';

type Db = Kysely<Database> | Transaction<Database>;
type Values = Record<string, unknown>;

/**
 * Mail the owner can edit (issue 38 item 7): an owner's version (mail_templates, migration 062) rendered from its
 * blocks inside the same layout as our defaults, with the site's logo and its button colours. One render path for
 * the preview, the test send and the real send (renderOwnerVersion). A version that fails to render at send time
 * never stops the mail: the default is sent and the failure is written on the template for the owner to see.
 */

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const first = (address: unknown) => text((address as { lines?: unknown[] } | null | undefined)?.lines?.[0]);

/** Each template's variables, read from the values its sender passes to renderMail (plus the site's). */
/** A manual order awaiting payment: the method's name and the owner's instructions, one per line; '' otherwise (a card order, or once paid). */
function paymentInstructionsText(value: unknown): string {
  const payment = value as { label?: unknown; lines?: unknown[] } | null | undefined;
  if (!payment || typeof payment !== 'object') return '';
  return [text(payment.label), ...(Array.isArray(payment.lines) ? payment.lines.map(text) : [])].filter((line) => line.trim() !== '').join('\n');
}

const VARIABLES: Record<EditableMailTemplate, (values: Values) => Record<string, string>> = {
  'order-confirmation': (v) => ({
    'order.number': text(v.orderNumber), 'order.total': text(v.grandTotal), 'order.url': text(v.orderUrl), 'shopper.name': first(v.shippingAddress) || first(v.billingAddress),
    'payment.instructions': paymentInstructionsText(v.paymentInstructions),
  }),
  'order-shipped': (v) => ({ 'order.number': text(v.orderNumber), 'order.url': text(v.orderUrl), 'shipment.carrier': text(v.carrierName), 'shipment.trackingNumber': text(v.trackingNumber), 'shipment.trackingUrl': text(v.trackingUrl) }),
  'return-requested': (v) => ({ 'order.number': text(v.orderNumber), 'return.reason': text(v.reason), 'shopper.email': text(v.shopperEmail), 'return.ownerUrl': text(v.ownerOrderUrl) }),
  'return-update': (v) => ({ 'order.number': text(v.orderNumber), 'order.url': text(v.orderUrl), 'return.status': text(v.heading), 'return.message': text(v.message), 'return.ownerMessage': text(v.ownerMessage) }),
  'abandoned-cart': (v) => ({ 'cart.url': text(v.restoreUrl) }),
  'restock-notice': (v) => ({ 'product.title': text(v.productTitle), 'product.variant': text(v.variantLabel), 'product.url': text(v.productUrl) }),
  'gift-card': (v) => ({ 'giftCard.code': text(v.code), 'giftCard.amount': text(v.amount), 'giftCard.senderName': text(v.senderName), 'giftCard.recipientName': text(v.recipientName), 'giftCard.message': text(v.message) }),
  'password-reset': (v) => ({ 'shopper.email': text(v.email), 'reset.url': text(v.resetUrl) }),
  'newsletter-confirm': (v) => ({ 'confirm.url': text(v.confirmUrl) }),
};

/**
 * What the preview and the test send fill the variables with: the values a real sender passes, with money in the
 * store's own currency and language (a dollar store's preview shows dollars).
 */
export function sampleValuesOf(name: EditableMailTemplate, siteUrl: string, website: Pick<Website, 'currency' | 'locale'>): Values {
  const money = (cents: number) => formatMoney(cents, website.currency, { locale: website.locale });
  const items = [{ quantity: 1, productName: 'Linen shirt', lineTotal: money(4900) }, { quantity: 2, productName: 'Wool socks', lineTotal: money(2400) }];
  const orderUrl = `${siteUrl}/checkout/order-confirmed?orderId=sample`;
  switch (name) {
    case 'order-confirmation': return { orderNumber: '#1001', grandTotal: money(7300), subtotal: money(7300), orderUrl, items, shippingAddress: { lines: ['Ana Lima', '12 Rua Augusta', '1100-053 Lisboa', 'Portugal'] } };
    case 'order-shipped': return { orderNumber: '#1001', complete: true, orderUrl, items, carrierName: 'CTT', trackingNumber: 'RR123456785PT', trackingUrl: 'https://www.ctt.pt/' };
    case 'return-requested': return { orderNumber: '#1001', shopperEmail: 'ana@example.com', reason: 'Too small', items: items.slice(0, 1), ownerOrderUrl: `${siteUrl}/config/orders/sample` };
    case 'return-update': return { orderNumber: '#1001', subjectLine: 'Your return was approved', heading: 'Your return was approved', message: 'Send the items back within 14 days.', ownerMessage: '', items: items.slice(0, 1), orderUrl };
    case 'abandoned-cart': return { items, restoreUrl: `${siteUrl}/cart` };
    case 'restock-notice': return { productTitle: 'Linen shirt', variantLabel: 'M', productUrl: `${siteUrl}/products/linen-shirt` };
    case 'gift-card': return { code: 'GIFT-1234-ABCD', amount: money(5000), senderName: 'Rui', recipientName: 'Ana', message: 'Happy birthday!', testMode: false, storeUrl: `${siteUrl}/` };
    case 'password-reset': return { email: 'ana@example.com', resetUrl: `${siteUrl}/account/reset-password?token=sample` };
    case 'newsletter-confirm': return { confirmUrl: `${siteUrl}/newsletter/confirm?token=sample` };
  }
}

/** A render of an owner's version that cannot be sent: the reason goes on the template (lastFallback). */
export class OwnerTemplateError extends Error {}

function fill(template: string, variables: Record<string, string>, where: string): string {
  return template.replace(VARIABLE_PATTERN, (_match, name: string) => {
    if (!(name in variables)) throw new OwnerTemplateError(`${where} names an unknown variable {{${name}}}`);
    return variables[name]!;
  });
}

function summaryOf(values: Values): { html: string; text: string } {
  const items = Array.isArray(values.items) ? (values.items as Array<Record<string, unknown>>) : [];
  const rows = items.map((item) => {
    const total = item.lineTotal ? text(item.lineTotal) : '';
    return {
      html: `<tr><td style="padding:8px 0;border-bottom:1px solid #e2ddd4">${escapeHtml(`${text(item.quantity)} × ${text(item.productName)}`)}</td><td align="right" style="padding:8px 0;border-bottom:1px solid #e2ddd4;white-space:nowrap">${escapeHtml(total)}</td></tr>`,
      text: `${text(item.quantity)} × ${text(item.productName)}${total ? `: ${total}` : ''}`,
    };
  });
  const total = values.grandTotal ? text(values.grandTotal) : '';
  const totalRow = total ? `<tr><td style="padding:8px 0;font-weight:600">Total</td><td align="right" style="padding:8px 0;font-weight:600">${escapeHtml(total)}</td></tr>` : '';
  // A manual order awaiting payment (bank transfer, cash on delivery): how to pay goes with the summary, so an owner's
  // own version of the confirmation says it too (orders/confirmation-mail.ts passes it only then).
  const payment = values.paymentInstructions as { label?: unknown; lines?: unknown[] } | null | undefined;
  const paymentLines = payment && Array.isArray(payment.lines) ? payment.lines.map(text) : [];
  const paymentHtml = payment
    ? `<div style="margin:0 0 16px;padding:12px;border:1px solid #e2ddd4;border-radius:6px"><p style="margin:0 0 8px;font-weight:600">Awaiting payment: ${escapeHtml(text(payment.label))}</p><p style="margin:0">${paymentLines.map(escapeHtml).join('<br>')}</p></div>`
    : '';
  const paymentText = payment ? [``, `Awaiting payment: ${text(payment.label)}`, ...paymentLines] : [];
  return {
    html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px">${rows.map((row) => row.html).join('')}${totalRow}</table>${paymentHtml}`,
    text: [...rows.map((row) => row.text), ...(total ? [`Total: ${total}`] : []), ...paymentText].join('\n'),
  };
}

const paragraphs = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');

export function renderBlock(block: MailBlock, index: number, variables: Record<string, string>, values: Values, colours: MailColours): { html: string; text: string } {
  const where = `block ${index + 1}`;
  switch (block.type) {
    case 'heading': {
      const value = fill(block.text, variables, where);
      return { html: `<p style="margin:0 0 12px;font-size:18px;font-weight:600">${paragraphs(value)}</p>`, text: value };
    }
    case 'text': {
      const value = fill(block.text, variables, where);
      return { html: `<p style="margin:0 0 16px">${paragraphs(value)}</p>`, text: value };
    }
    case 'button': {
      const label = fill(block.label, variables, where);
      const url = fill(block.url, variables, where).trim();
      if (!/^https?:\/\/\S+$/.test(url)) throw new OwnerTemplateError(`the button of ${where} links to "${url.slice(0, 80)}", not a web address`);
      return {
        html: `<p style="margin:0 0 24px"><a href="${escapeAttribute(url)}" style="display:inline-block;padding:12px 20px;background:${colours.button};color:${colours.buttonText};text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(label)}</a></p>`,
        text: `${label}: ${url}`,
      };
    }
    case 'summary': return summaryOf(values);
    case 'divider': return { html: '<hr style="border:0;border-top:1px solid #e2ddd4;margin:16px 0">', text: '---' };
    default: throw new OwnerTemplateError(`${where} is of an unknown kind`);
  }
}

/** An owner's version with these values: the one render path of preview, test send and real send. Throws OwnerTemplateError. */
export function renderOwnerVersion(name: EditableMailTemplate, website: Website, draft: MailTemplateDraft, values: Values, options: MailRenderOptions, colours: MailColours): RenderedMail {
  if (!Array.isArray(draft.blocks) || draft.blocks.length === 0) throw new OwnerTemplateError('the template has no blocks');
  const variables = { 'site.title': website.site_title, 'site.url': `${options.publicUrl.replace(/\/+$/, '')}/`, ...VARIABLES[name](values) };
  const subject = fill(draft.subject, variables, 'the subject').trim().replace(/\s+/g, ' ');
  if (subject === '') throw new OwnerTemplateError('the subject is empty');
  const parts = draft.blocks.map((block, index) => renderBlock(block, index, variables, values, colours));
  const text = parts.map((part) => part.text).join('\n\n').trim() + (options.unsubscribeUrl ? `\n\nUnsubscribe: ${options.unsubscribeUrl}\n` : '\n');
  return { subject, text, html: renderInLayout(website, subject, parts.map((part) => part.html).join('\n'), options) };
}

export interface OwnerTemplateRow {
  name: string;
  subject: string;
  blocks: unknown[];
  updated_at: Date;
  last_fallback_reason: string | null;
  last_fallback_at: Date | null;
}

export const findOwnerTemplate = (db: Db, websiteId: string, name: string): Promise<OwnerTemplateRow | undefined> =>
  db.selectFrom('mail_templates').select(['name', 'subject', 'blocks', 'updated_at', 'last_fallback_reason', 'last_fallback_at'])
    .where('website_id', '=', websiteId).where('name', '=', name).executeTakeFirst();

/**
 * What every sender of an editable mail calls: the owner's version when the website has one, else our default. When
 * the owner's version fails to render, the default is sent and the reason recorded on the template (in the caller's
 * transaction: it is written exactly when the mail is).
 */
export async function renderSiteMail(db: Db, name: MailTemplateName, website: Website, values: Values, options: MailRenderOptions): Promise<RenderedMail> {
  if (!isEditableMailTemplate(name)) return renderMail(name, website, values, options);
  const row = await findOwnerTemplate(db, website.id, name);
  if (!row) return renderMail(name, website, values, options);
  try {
    return renderOwnerVersion(name, website, { subject: row.subject, blocks: row.blocks as MailBlock[] }, values, options, await mailColoursOf(db, website));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.updateTable('mail_templates').set({ last_fallback_reason: reason.slice(0, 500), last_fallback_at: sql<Date>`now()` })
      .where('website_id', '=', website.id).where('name', '=', name).execute();
    return renderMail(name, website, values, options);
  }
}

export { MAIL_TEMPLATE_INFO, MAIL_TEMPLATE_STARTERS };
