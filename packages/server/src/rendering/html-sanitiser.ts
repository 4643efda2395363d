/**
 * The allow-list HTML sanitiser engine: what survives is the elements of the list it is made with, and one
 * attribute, href on a, when it is an http(s), mailto (tel, when allowed) or site-relative address. Everything
 * else goes: other elements (their text is kept, except in script, style and the like, dropped whole), every
 * other attribute (event handlers, style), comments, doctypes. Text is re-escaped, so what comes out is
 * balanced markup that cannot open anything the list does not name. Written here rather than taken from a
 * library: the lists are small, and no sanitiser is installed. The owner's header and footer
 * (site-settings/html-sanitiser.ts) and the content blocks (content/render/rich-text.ts) each pass their list.
 */

export interface SanitiserAllowList {
  elements: readonly string[];
  /** Elements with no content and no end tag (br, hr). */
  voidElements?: readonly string[];
  /** Link schemes besides site addresses; http, https and mailto when absent. */
  hrefSchemes?: readonly string[];
}

const DEFAULT_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Elements whose content is code or not shown as text: dropped with everything inside. */
const DROPPED_WITH_CONTENT = new Set([
  'script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'noembed', 'noframes', 'textarea', 'title', 'xmp',
  'plaintext', 'svg', 'math', 'select', 'frameset', 'head',
]);

/** Comments, doctypes and processing instructions; then tags with their attributes (quoted values may hold '>'). */
const TOKEN_PATTERN = /<!--[\s\S]*?(?:-->|$)|<![^>]*(?:>|$)|<\?[^>]*(?:>|$)|<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)(?:>|$)/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
/** A character reference as HTML reads it, so it is kept as written in text. */
const ENTITY = /^&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/;

function escapeText(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '<') out += '&lt;';
    else if (character === '>') out += '&gt;';
    else if (character === '&') out += ENTITY.test(text.slice(index, index + 40)) ? '&' : '&amp;';
    else out += character;
  }
  return out;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", colon: ':', tab: '\t', newline: '\n', sol: '/' };

/** An attribute value as the browser will read it (character references decoded), so '&#106;avascript:' is seen for what it is. */
export function decodeAttribute(value: string): string {
  return value.replace(/&(#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z]+);?/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** http, https and mailto addresses (or the schemes given), and addresses on this site ('/page', '#top', 'page'); no other scheme. */
export function isSafeHref(raw: string, schemes: readonly string[] = DEFAULT_SCHEMES): boolean {
  const value = decodeAttribute(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value.length === 0 || value.length > 2083) return false;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value);
  if (!scheme) return !value.startsWith('//') && !value.startsWith('\\') && !value.startsWith('/\\');
  return schemes.includes(scheme[1].toLowerCase());
}

function allowedAttributes(element: string, source: string, schemes: readonly string[]): string {
  if (element !== 'a') return '';
  for (const match of source.matchAll(ATTRIBUTE)) {
    if (match[1].toLowerCase() !== 'href') continue;
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    return isSafeHref(value, schemes) ? ` href="${escapeAttribute(decodeAttribute(value).trim())}"` : '';
  }
  return '';
}

/** A sanitiser keeping only what `allow` names. */
export function createHtmlSanitiser(allow: SanitiserAllowList): (html: string) => string {
  const allowed = new Set(allow.elements);
  const voids = new Set(allow.voidElements ?? ['br']);
  const schemes = allow.hrefSchemes ?? DEFAULT_SCHEMES;
  return (html) => sanitiseWith(html, allowed, voids, schemes);
}

function sanitiseWith(html: string, allowed: ReadonlySet<string>, voids: ReadonlySet<string>, schemes: readonly string[]): string {
  // A local copy: the pattern is global (stateful), and one sanitiser may run inside another's caller.
  const TOKEN = new RegExp(TOKEN_PATTERN.source, 'g');
  let out = '';
  const open: string[] = [];
  let position = 0;
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    out += escapeText(html.slice(position, match.index));
    position = TOKEN.lastIndex;
    const [, closing, rawName, attributes] = match;
    if (rawName === undefined) continue; // a comment, doctype or processing instruction
    const name = rawName.toLowerCase();
    if (!closing && DROPPED_WITH_CONTENT.has(name)) {
      // Skip to the end of the matching close tag; unclosed, the rest is dropped.
      const end = html.toLowerCase().indexOf(`</${name}`, position);
      if (end === -1) {
        position = html.length;
        break;
      }
      const after = html.indexOf('>', end);
      position = after === -1 ? html.length : after + 1;
      TOKEN.lastIndex = position;
      continue;
    }
    if (!allowed.has(name)) continue;
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      // Close what was left open inside it, so the markup stays balanced.
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    out += `<${name}${allowedAttributes(name, attributes ?? '', schemes)}>`;
    if (!voids.has(name)) open.push(name);
  }
  out += escapeText(html.slice(position));
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
