import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { islandPropsBlock } from './embed';
import { ISLANDS, isIslandName, type IslandName, type IslandPropsByName } from './islands/registry';

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
 * The server-rendered HTML of one island, wrapped so `client.tsx` can find and hydrate it with the
 * same props: `<div data-island="Name">…</div>` followed by its props' JSON data block.
 */
export function renderIsland<N extends IslandName>(name: N, props: IslandPropsByName[N], options: RenderIslandOptions = {}): string {
  if (!isIslandName(name)) throw new Error(`Unknown island: ${String(name)}`);
  const Island = ISLANDS[name] as ComponentType<IslandPropsByName[N]>;
  const html = renderToString(<Island {...props} />);
  return `<div data-island="${name}">${html}</div>${islandPropsBlock(options.cartOnPage ? withoutCart(props) : props)}`;
}

function withoutCart(props: object): object {
  if (!('cart' in props)) return props;
  const { cart: _cart, ...rest } = props as { cart?: unknown };
  return rest;
}
