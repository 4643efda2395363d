import { createHtmlSanitiser, decodeAttribute, isSafeHref } from '../rendering/html-sanitiser';

/**
 * The owner's header and footer HTML: the elements p, a, strong, em, br, ul, ol, li, h2, h3, h4, span; one
 * attribute, href on a, when it is an http(s), mailto or site-relative address. The engine (and what it drops)
 * is rendering/html-sanitiser.ts, shared with the content blocks' rich text.
 */
export const sanitiseHtml = createHtmlSanitiser({ elements: ['p', 'a', 'strong', 'em', 'br', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'span'] });

export { decodeAttribute, isSafeHref };
