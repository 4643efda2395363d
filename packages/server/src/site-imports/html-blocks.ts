import { BLOCK_TYPES, CONTENT_LIMITS, PAGE_BODY_SCHEMA_VERSION, singleColumnSection, type Block, type PageBody } from '@vitrine/blocks';
import { sanitiseRichText } from '../content';

/**
 * A WordPress page's or post's HTML as our blocks, pure: the text between pictures becomes text blocks (html 2)
 * through the text block's own allow-list sanitiser (content/render/rich-text.ts: paragraphs, h2–h4, emphasis,
 * lists, quotes, code, links; no attribute but href, no script), each picture an image block (5) when it was fetched
 * into the media library, otherwise a link to its old address. WordPress's block comments (`<!-- wp:… -->`) and
 * layout elements (figure, div, columns) go, their text stays. Bounded: at most 60 blocks (the last text block
 * takes the rest, its pictures as links), each text block at most the text block's length.
 */

const IMG = /<img\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const BLOCK_LEVEL = /^<(p|h[1-6]|ul|ol|blockquote|pre|div|figure|table|hr)\b/i;

function attributeOf(attributes: string, name: string): string {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attributes);
  return (match?.[1] ?? match?.[2] ?? match?.[3] ?? '').replace(/&amp;/g, '&').trim();
}

/** Every picture address the HTML shows (http and https only), in order, once each. */
export function pictureUrlsOf(html: string): string[] {
  const urls: string[] = [];
  for (const match of html.matchAll(IMG)) {
    const src = attributeOf(match[1] ?? '', 'src');
    if (/^https?:\/\//i.test(src) && !urls.includes(src)) urls.push(src);
  }
  return urls;
}

/**
 * WordPress stores paragraphs as blank-line-separated text (wpautop adds the <p> when it shows them): each run of
 * text between blank lines that does not open a block element of its own becomes a paragraph.
 */
function withParagraphs(html: string): string {
  return html
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (BLOCK_LEVEL.test(part.slice(0, 12)) ? part : `<p>${part.replace(/\n/g, '<br>')}</p>`))
    .join('');
}

/** A picture wrapped in a link to itself (WordPress's "link to media file") is the picture alone. */
const LINKED_IMG = /<a\b(?:[^>"']|"[^"]*"|'[^']*')*>\s*(<img\b(?:[^>"']|"[^"]*"|'[^']*')*>)\s*<\/a>/gi;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A sanitised text cut into parts of at most `max` characters, at a closing tag where it can be. */
function inParts(html: string, max: number): string[] {
  const parts: string[] = [];
  let rest = html;
  while (rest.length > max) {
    const cut = rest.lastIndexOf('</p>', max - 4);
    const at = cut > 0 ? cut + 4 : max;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at);
  }
  if (rest.trim() !== '') parts.push(rest);
  return parts;
}

/**
 * The body for an imported page or post. `pictures` maps a picture's old address to its image id here; a missing
 * one is kept as a link (`<a href>` with its alt text) in the text around it.
 */
export function htmlToBody(html: string, pictures: ReadonlyMap<string, string>): PageBody {
  const source = html.replace(/<!--[\s\S]*?-->/g, '').replace(LINKED_IMG, '$1');
  const blocks: Block[] = [];
  let pendingText = '';
  const maxBlocks = CONTENT_LIMITS.blocksPerLayout;
  const flushText = () => {
    const clean = sanitiseRichText(withParagraphs(pendingText)).replace(/<p>\s*<\/p>/g, '').trim();
    pendingText = '';
    if (clean === '') return;
    for (const part of inParts(clean, CONTENT_LIMITS.richTextLength)) {
      // The last block takes what is left once the body is full.
      const last = blocks[blocks.length - 1];
      if (blocks.length >= maxBlocks && last?.type === BLOCK_TYPES.html) {
        const joined = `${String(last.settings.html)}${part}`;
        last.settings.html = joined.length <= CONTENT_LIMITS.richTextLength ? joined : String(last.settings.html);
      } else if (blocks.length < maxBlocks) blocks.push({ id: `imported-${blocks.length + 1}`, type: BLOCK_TYPES.html, settings: { html: part } });
    }
  };
  let at = 0;
  for (const match of source.matchAll(IMG)) {
    pendingText += source.slice(at, match.index);
    at = (match.index ?? 0) + match[0].length;
    const src = attributeOf(match[1] ?? '', 'src');
    const alt = attributeOf(match[1] ?? '', 'alt').slice(0, 500);
    const imageId = pictures.get(src);
    // Room for the picture and one text block after it; else the picture stays a link in the text.
    if (imageId && blocks.length + 2 < maxBlocks) {
      flushText();
      blocks.push({ id: `imported-${blocks.length + 1}`, type: BLOCK_TYPES.image, settings: { imageId, altText: alt } });
    } else if (/^https?:\/\//i.test(src)) {
      pendingText += `<p><a href="${escapeHtml(src)}">${escapeHtml(alt || 'Picture')}</a></p>`;
    }
  }
  pendingText += source.slice(at);
  flushText();
  return { schemaVersion: PAGE_BODY_SCHEMA_VERSION, sections: [singleColumnSection('section-1', blocks)] };
}
