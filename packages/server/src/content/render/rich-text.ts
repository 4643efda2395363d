import { Marked } from 'marked';
import { createHtmlSanitiser } from '../../rendering/html-sanitiser';
import { LINK_SCHEMES } from './links';
import { str, type Settings } from './settings';

/**
 * The text block's allow-list: paragraphs, three heading levels (the page title is the h1), inline emphasis,
 * lists, quotes, code and rules; links to web, mail, phone and site addresses. No attributes but href: no
 * style, class or event handler reaches the page.
 */
export const sanitiseRichText = createHtmlSanitiser({
  elements: ['p', 'h2', 'h3', 'h4', 'a', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'br', 'code', 'pre', 'span', 'hr'],
  voidElements: ['br', 'hr'],
  hrefSchemes: LINK_SCHEMES,
});

export interface RichTextView {
  html: string;
}

/** text (html 2): the owner's rich text, sanitised at render (whatever was stored). */
export function textView(settings: Settings): RichTextView | undefined {
  const html = sanitiseRichText(str(settings, 'html'));
  return html.trim() === '' ? undefined : { html };
}

/**
 * Markdown as the page allows it: the page title is the h1, so `#` headings become h2 and `#####`/`######` h4 (the
 * allow-list keeps h2–h4; a heading outside it would lose its tag).
 */
const markdown = new Marked({
  gfm: true,
  async: false,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(4, Math.max(2, token.depth));
  },
});

/** markdown (44): Markdown through `marked`, then the same allow-list (raw HTML in the Markdown is sanitised too). */
export function markdownView(settings: Settings): RichTextView | undefined {
  const source = str(settings, 'markdown');
  if (source.trim() === '') return undefined;
  const html = sanitiseRichText(markdown.parse(source, { async: false }));
  return { html };
}
