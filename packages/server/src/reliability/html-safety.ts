import { Window } from 'happy-dom';
import { readIslandProps } from '@vitrine/storefront';

/**
 * Reads a page as a browser's parser would (happy-dom, scripts never run) and reports markup a shopper
 * could have injected: event-handler attributes, `javascript:` URLs, inline scripts that would run, and
 * the elements the payloads below try to create.
 */

/** Strings that become live markup if a page writes them unescaped, in text, attribute or script-data context. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  '</script><script>alert(1)</script>',
  '<!--<script>alert(1)//-->',
  '</textarea></title><img src=x onerror=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  'javascript:alert(1)',
  '\u2028\u2029</script><script>alert(1)</script>',
] as const;

/** A harmless string in the same places, for the page's normal shape. */
export const BENIGN_PAYLOAD = 'xss-probe';

const window = new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    disableIframePageLoading: true,
    disableComputedStyleRendering: true,
  },
});

export function parseHtml(html: string) {
  return new window.DOMParser().parseFromString(html, 'text/html');
}

const EXECUTABLE_SCRIPT_TYPES = new Set(['', 'text/javascript', 'module', 'application/javascript']);

/** Everything in the page that looks like a payload came alive. Empty for a safe page. */
export function liveMarkup(html: string): string[] {
  const document = parseHtml(html);
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const raw = attribute.value ?? '';
      const value = raw.trim().toLowerCase();
      if (name.startsWith('on')) found.push(`<${tag} ${name}="${raw}">`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href'].includes(name) && value.startsWith('javascript:')) {
        found.push(`<${tag} ${name}="${raw}">`);
      }
    }
    if (tag === 'img' && element.getAttribute('src') === 'x') found.push('<img src=x>');
    if (tag === 'iframe') found.push('<iframe>');
    if (tag === 'script') {
      const type = (element.getAttribute('type') ?? '').trim().toLowerCase();
      if (EXECUTABLE_SCRIPT_TYPES.has(type) && !element.hasAttribute('src')) found.push(`inline script: ${element.textContent?.slice(0, 80)}`);
      if (EXECUTABLE_SCRIPT_TYPES.has(type) && /alert/.test(element.textContent ?? '')) found.push(`script running alert: ${element.textContent?.slice(0, 80)}`);
      // Inside a script element, `<!--` and `<script` switch a browser's tokenizer into its escaped
      // states, where `</script>` no longer ends the element (a parser here may not model that): data
      // blocks must carry neither.
      if (/<!--|<\/?script/i.test(element.textContent ?? '')) found.push(`script data that can change how the page parses: ${element.textContent?.slice(0, 80)}`);
    }
  }
  return found;
}

/** The page's element structure (tag names in document order, with script types): the same for any harmless input. */
export function elementShape(html: string): string[] {
  const document = parseHtml(html);
  return Array.from(document.querySelectorAll('*')).map((element) => {
    const tag = element.tagName.toLowerCase();
    return tag === 'script' ? `script[${element.getAttribute('type') ?? ''}]` : tag;
  });
}

/** The text of the page's JSON data blocks, parsed: what the islands will read. */
export function jsonDataBlocks(html: string): unknown[] {
  const document = parseHtml(html);
  return Array.from(document.querySelectorAll('script[type="application/json"]')).map((block) => JSON.parse(block.textContent ?? 'null'));
}

/** Every island's props by island name, as the browser reads them (the JSON data block after each island). */
export function islandPropsByName(html: string): Record<string, Record<string, unknown>> {
  const document = parseHtml(html);
  const props: Record<string, Record<string, unknown>> = {};
  for (const element of document.querySelectorAll('[data-island]')) {
    props[element.getAttribute('data-island') ?? ''] = readIslandProps(element as unknown as Element);
  }
  return props;
}

/** The props of every island, parsed. */
export const islandProps = (html: string): unknown[] => Object.values(islandPropsByName(html));
