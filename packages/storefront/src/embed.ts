import type { ShoppingCart } from './types';

/**
 * Props travel from server to browser inside an HTML attribute: JSON, then
 * escaped for attribute context so no value can close the attribute or the
 * tag (`"`, `'`, `<`, `>` and `&` all become character references). The
 * browser decodes references when it reads `data-props`, so parsing needs
 * no unescaping.
 */
export function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

export function encodeProps(props: unknown): string {
  return escapeAttribute(JSON.stringify(props ?? {}));
}

export function decodeProps(attribute: string | null | undefined): Record<string, unknown> {
  if (!attribute) return {};
  const parsed: unknown = JSON.parse(attribute);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** The id of the page's one cart data block (see `cartDataBlock`). */
export const CART_DATA_ID = 'vitrine-cart';

/**
 * JSON for a `<script type="application/json">` data block. The browser never runs such a block (so
 * the CSP needs no exception for it) and hands its text over verbatim, without decoding character
 * references; only `</script` or `<!--` could end or confuse the element, so every `<` is written as
 * the JSON escape `\u003c`, which JSON.parse reads back as `<`. U+2028 and U+2029 are escaped too,
 * for any tool that reads the text as JavaScript.
 */
export function encodeJsonData(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The visitor's cart, written once per page: the header indicator, the pill, the product form and
 * the cart page all show it, and carrying it in each island's props made a large cart cost the
 * page several times its size. `null` means the server knows there is no cart.
 */
export function cartDataBlock(cart: unknown): string {
  return `<script type="application/json" id="${CART_DATA_ID}">${encodeJsonData(cart)}</script>`;
}

/** The page's cart data block: `found: false` when the page has none (then islands carry their own cart, or none). */
export function readCartData(root: ParentNode): { found: boolean; cart: ShoppingCart | null } {
  const block = root.querySelector(`script#${CART_DATA_ID}`);
  if (!block) return { found: false, cart: null };
  const parsed: unknown = JSON.parse(block.textContent ?? 'null');
  return { found: true, cart: parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ShoppingCart) : null };
}
