import type { Kysely, Transaction } from 'kysely';
import { VARIABLE_PATTERN, type CampaignBlock, type CampaignDraft, type MailBlock } from '@vitrine/contracts';
import { formatMoney } from '@vitrine/format/money';
import { escapeAttribute, escapeHtml } from '@vitrine/template';
import { loadProductItem } from '../catalog';
import type { Database, Website } from '../db/schema';
import { OwnerTemplateError, renderBlock, renderInLayout } from '../mail';
import type { MailColours } from '../site-styles';

type Db = Kysely<Database> | Transaction<Database>;

/** A product card's facts, read once per round (not per recipient). */
export interface ProductCard {
  title: string;
  price: string;
  url: string;
  imageUrl?: string;
}
export type ProductCards = Map<string, ProductCard>;

/** The cards of every product the blocks show; a product gone from the store is absent (its card is left out). */
export async function loadProductCards(db: Db, website: Website, blocks: readonly CampaignBlock[], siteUrl: string): Promise<ProductCards> {
  const ids = [...new Set(blocks.flatMap((block) => (block.type === 'products' ? block.productIds : [])))];
  const cards: ProductCards = new Map();
  for (const id of ids) {
    const loaded = await loadProductItem(db, website, id);
    if (!loaded || loaded.product.archived_at) continue;
    const variants = loaded.item.structuredContent.variants;
    const cents = Math.min(...(variants.length ? variants.map((variant) => (variant.onSale ? variant.salePrice : variant.price)) : [loaded.product.price_cents]));
    const image = loaded.item.mainImage?.assetUrl ?? loaded.item.assetUrl;
    cards.set(id, {
      title: loaded.item.title,
      price: formatMoney(cents, website.currency, { locale: website.locale }),
      url: `${siteUrl}${loaded.item.fullUrl}`,
      ...(image ? { imageUrl: /^https?:\/\//.test(image) ? image : `${siteUrl}${image.startsWith('/') ? '' : '/'}${image}` } : {}),
    });
  }
  return cards;
}

/** The campaign's own links, in block order (buttons, then each product card in its block): what click links index. */
export function campaignLinksOf(draft: Pick<CampaignDraft, 'blocks'>, cards: ProductCards, siteUrl: string): string[] {
  const links: string[] = [];
  for (const block of draft.blocks) {
    if (block.type === 'button') links.push(fillSite(block.url, siteUrl).trim());
    if (block.type === 'products') for (const id of block.productIds) { const card = cards.get(id); if (card) links.push(card.url); }
  }
  return links;
}

export interface CampaignRenderOptions {
  siteUrl: string;
  /** Where link number `index` (to `url`) points in this mail: a tracked click link, or `url` itself (the preview). */
  linkOf?: (index: number, url: string) => string;
  unsubscribeUrl?: string;
  /** The opens picture's address, only when the owner turned opens on. */
  openPixelUrl?: string;
}

const fillSite = (text: string, siteUrl: string, title = '') =>
  text.replace(VARIABLE_PATTERN, (_match, name: string) => {
    if (name === 'site.url') return `${siteUrl}/`;
    if (name === 'site.title') return title;
    throw new OwnerTemplateError(`unknown variable {{${name}}}`);
  });

/**
 * The one render path of a campaign: the preview, the test send and every recipient's mail. The blocks it shares
 * with the editable templates are drawn by the same code (mail/owner-templates renderBlock) in the same layout.
 */
export function renderCampaign(website: Website, draft: CampaignDraft, cards: ProductCards, colours: MailColours, options: CampaignRenderOptions) {
  const variables = { 'site.title': website.site_title, 'site.url': `${options.siteUrl}/` };
  const linkOf = options.linkOf ?? ((_index: number, url: string) => url);
  let linkIndex = 0;
  const parts = draft.blocks.map((block, index) => {
    switch (block.type) {
      case 'button': {
        const url = linkOf(linkIndex++, fillSite(block.url, options.siteUrl, website.site_title).trim());
        return renderBlock({ type: 'button', label: block.label, url }, index, variables, {}, colours);
      }
      case 'picture': {
        const alt = fillSite(block.alt, options.siteUrl, website.site_title);
        return {
          html: `<p style="margin:0 0 16px"><img src="${escapeAttribute(block.url)}" alt="${escapeAttribute(alt)}" width="520" style="display:block;width:100%;max-width:520px;height:auto;border:0;border-radius:6px"></p>`,
          text: alt ? `[${alt}]` : '',
        };
      }
      case 'products': {
        const shown = block.productIds.map((id) => cards.get(id)).filter((card): card is ProductCard => card !== undefined);
        const cells = shown.map((card) => {
          const href = linkOf(linkIndex++, card.url);
          const picture = card.imageUrl ? `<a href="${escapeAttribute(href)}"><img src="${escapeAttribute(card.imageUrl)}" alt="" width="240" style="display:block;width:100%;max-width:240px;height:auto;border:0;border-radius:6px"></a>` : '';
          return {
            html: `<td valign="top" width="50%" style="padding:0 8px 16px 0">${picture}<p style="margin:8px 0 4px;font-weight:600"><a href="${escapeAttribute(href)}" style="color:${colours.button};text-decoration:none">${escapeHtml(card.title)}</a></p><p style="margin:0">${escapeHtml(card.price)}</p></td>`,
            text: `${card.title} · ${card.price}: ${href}`,
          };
        });
        const rows: string[] = [];
        for (let at = 0; at < cells.length; at += 2) rows.push(`<tr>${cells.slice(at, at + 2).map((cell) => cell.html).join('')}</tr>`);
        return { html: `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${rows.join('')}</table>`, text: cells.map((cell) => cell.text).join('\n') };
      }
      default: return renderBlock(block as MailBlock, index, variables, {}, colours);
    }
  });
  const subject = fillSite(draft.subject, options.siteUrl, website.site_title).trim().replace(/\s+/g, ' ');
  // The preheader: the line mail clients show after the subject, hidden in the message itself.
  const preheader = draft.preheader ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(fillSite(draft.preheader, options.siteUrl, website.site_title))}</div>` : '';
  const pixel = options.openPixelUrl ? `<img src="${escapeAttribute(options.openPixelUrl)}" alt="" width="1" height="1" style="display:block;border:0;width:1px;height:1px">` : '';
  const body = preheader + parts.map((part) => part.html).join('\n') + pixel;
  const text = parts.map((part) => part.text).filter(Boolean).join('\n\n').trim() + (options.unsubscribeUrl ? `\n\nUnsubscribe: ${options.unsubscribeUrl}\n` : '\n');
  return { subject, text, html: renderInLayout(website, subject, body, { publicUrl: options.siteUrl, unsubscribeUrl: options.unsubscribeUrl }) };
}
