import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { encodeProps } from './embed';
import { ISLANDS, isIslandName, type IslandName, type IslandPropsByName } from './islands/registry';

export { ISLAND_NAMES, isIslandName, type IslandName, type IslandPropsByName } from './islands/registry';

/**
 * The server-rendered HTML of one island, wrapped so `client.tsx` can find and
 * hydrate it with the same props: `<div data-island="Name" data-props="…">…</div>`.
 */
export function renderIsland<N extends IslandName>(name: N, props: IslandPropsByName[N]): string {
  if (!isIslandName(name)) throw new Error(`Unknown island: ${String(name)}`);
  const Island = ISLANDS[name] as ComponentType<IslandPropsByName[N]>;
  const html = renderToString(<Island {...props} />);
  return `<div data-island="${name}" data-props="${encodeProps(props)}">${html}</div>`;
}
