import { Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { encodeJsonData, islandPropsBlock } from './embed';
import { ISLANDS, isIslandName, type IslandName, type IslandPropsByName } from './islands/registry';
import { SiteFormView } from './islands/SiteFormView';
import { GiftCardPurchaseView } from './islands/GiftCardPurchaseView';
import { CheckoutView } from './islands/CheckoutView';
import { CartPageView } from './islands/CartPageView';
import { LessonView } from './islands/LessonView';
import { CommentsView } from './islands/CommentsView';

export { ISLAND_NAMES, isIslandName, type IslandName, type IslandPropsByName } from './islands/registry';
export { cartDataBlock, CART_DATA_ID } from './embed';

export interface RenderIslandOptions {
  /**
   * The page carries the visitor's cart once, in `cartDataBlock(cart)`: the island is rendered with
   * its `cart` prop but does not repeat it in its props block; the browser puts it back from the page's block.
   */
  cartOnPage?: boolean;
}

/**
 * Islands whose browser code is a chunk loaded on demand (a lazy component inside a Suspense boundary): the
 * server renders them at once, inside the same boundary, so the browser keeps the HTML until the chunk arrives.
 */
const RENDERED_AT_ONCE: { [N in IslandName]?: ComponentType<IslandPropsByName[N]> } = {
  SiteForm: (props) => (
    <Suspense fallback={null}>
      <SiteFormView {...props} />
    </Suspense>
  ),
  GiftCardPurchase: (props) => (
    <Suspense fallback={null}>
      <GiftCardPurchaseView {...props} />
    </Suspense>
  ),
  Checkout: (props) => (
    <Suspense fallback={null}>
      <CheckoutView {...props} />
    </Suspense>
  ),
  CartPage: (props) => (
    <Suspense fallback={null}>
      <CartPageView {...props} />
    </Suspense>
  ),
  Lesson: (props) => (
    <Suspense fallback={null}>
      <LessonView {...props} />
    </Suspense>
  ),
  Comments: (props) => (
    <Suspense fallback={null}>
      <CommentsView {...props} />
    </Suspense>
  ),
};

/**
 * The server-rendered HTML of one island, wrapped so `client.tsx` can find and hydrate it with the
 * same props: `<div data-island="Name">…</div>` followed by its props' JSON data block.
 */
export function renderIsland<N extends IslandName>(name: N, props: IslandPropsByName[N], options: RenderIslandOptions = {}): string {
  if (!isIslandName(name)) throw new Error(`Unknown island: ${String(name)}`);
  const json = encodeJsonData(options.cartOnPage ? withoutCart(props) : props);
  // With the cart left out, the JSON no longer says everything the island was rendered from.
  const key = options.cartOnPage ? undefined : `${name}\u0000${json}`;
  let html = key === undefined ? undefined : renderedIslands.get(key);
  if (html === undefined) {
    const Island = (RENDERED_AT_ONCE[name] ?? ISLANDS[name]) as ComponentType<IslandPropsByName[N]>;
    html = renderToString(<Island {...props} />);
    if (key !== undefined) renderedIslands.set(key, html);
  }
  return `<div data-island="${name}">${html}</div>${islandPropsBlock(json)}`;
}

/**
 * An island's server HTML is a pure function of its props (the browser must render the same from
 * the same props, or hydration fails), so the HTML is kept by props: a product page renders the same
 * price line, gallery and related products' quick-view buttons for every visitor until the product
 * changes. Bounded, oldest use out first.
 */
class RenderedIslands {
  readonly #entries = new Map<string, string>();

  constructor(private readonly maxEntries: number, private readonly maxKeyLength: number) {}

  get(key: string): string | undefined {
    const html = this.#entries.get(key);
    if (html !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, html);
    }
    return html;
  }

  set(key: string, html: string): void {
    if (key.length > this.maxKeyLength) return;
    this.#entries.set(key, html);
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}

const renderedIslands = new RenderedIslands(1000, 32 * 1024);

/** For tests: how many island renders are kept, and forgetting them. */
export const renderedIslandCache = {
  size: () => renderedIslands.size,
  clear: () => renderedIslands.clear(),
};

function withoutCart(props: object): object {
  if (!('cart' in props)) return props;
  const { cart: _cart, ...rest } = props as { cart?: unknown };
  return rest;
}
