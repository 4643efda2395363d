import type { ShoppingCart } from './types';

/**
 * An island's props travel from server to browser in a JSON data block written right after the
 * island's element: `<div data-island="Name">…</div><script type="application/json"
 * data-island-props>…</script>`. A data block needs only `<` escaped (see `encodeJsonData`); the
 * `data-props` attribute it replaced needed every quote of the JSON escaped as `&quot;`, which made
 * the page larger and escaping the biggest cost of rendering an island.
 */
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props';

/** The data block for props already written as `encodeJsonData(props)`. */
export function islandPropsBlock(encodedProps: string): string {
  return `<script type="application/json" ${ISLAND_PROPS_ATTRIBUTE}>${encodedProps}</script>`;
}

/** The props of an island element: the data block right after it (`{}` when there is none). */
export function readIslandProps(element: Element): Record<string, unknown> {
  const block = element.nextElementSibling;
  if (!block || block.tagName !== 'SCRIPT' || !block.hasAttribute(ISLAND_PROPS_ATTRIBUTE)) return {};
  const parsed: unknown = JSON.parse(block.textContent ?? '{}');
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
