/**
 * The product feed's XML: RSS 2.0 with the Google Merchant `g:` namespace, which Google Merchant Center and
 * Meta's catalogs (dynamic ads) both read. Pure: items in, text out; every value escaped here.
 */

export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

export interface FeedItem {
  id: string;
  title: string;
  description: string;
  link: string;
  imageLink: string | undefined;
  availability: 'in stock' | 'out of stock';
  /** '12.50 USD' */
  price: string;
  salePrice: string | undefined;
  /** The product's id when it has several variants: the ads platform groups them. */
  itemGroupId: string | undefined;
  brand: string;
  condition: 'new';
}

export interface FeedChannel {
  title: string;
  link: string;
  description: string;
}

/**
 * Text made safe for XML content and attributes: the five special characters as entities, and characters
 * XML 1.0 cannot hold at all (control characters, lone surrogates, U+FFFE/U+FFFF) removed.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);
}

/** HTML (a product's excerpt or body) as plain text: tags dropped, the common entities read, spaces collapsed. */
export function plainTextOf(html: string, maxLength = 5000): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}

const element = (name: string, value: string | undefined) => (value === undefined || value === '' ? '' : `      <${name}>${escapeXml(value)}</${name}>\n`);

export function feedItemXml(item: FeedItem): string {
  return (
    '    <item>\n' +
    element('g:id', item.id) +
    element('g:title', item.title) +
    element('g:description', item.description) +
    element('g:link', item.link) +
    element('g:image_link', item.imageLink) +
    element('g:availability', item.availability) +
    element('g:price', item.price) +
    element('g:sale_price', item.salePrice) +
    element('g:item_group_id', item.itemGroupId) +
    element('g:brand', item.brand) +
    element('g:condition', item.condition) +
    '    </item>\n'
  );
}

export function productFeedXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">\n` +
    '  <channel>\n' +
    `    <title>${escapeXml(channel.title)}</title>\n` +
    `    <link>${escapeXml(channel.link)}</link>\n` +
    `    <description>${escapeXml(channel.description)}</description>\n` +
    items.map(feedItemXml).join('') +
    '  </channel>\n' +
    '</rss>\n'
  );
}
