import { renderIsland } from '@vitrine/storefront/server';
import type { Formatter } from '@vitrine/template';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

type GalleryIslandProps = Parameters<typeof renderIsland<'Gallery'>>[1];

/**
 * The content blocks' formatters. `render-block` applies a rendered block's partial (`blocks/{partial}.block`,
 * content/render/index.ts names it) to its view model, so a page template writes one instruction for every block
 * type. `island-gallery-block` is a gallery block that needs JavaScript (slideshow, slider, lightbox): the Gallery
 * island product pages already load, server-rendered first.
 */
export const blockFormatters: Record<string, Formatter> = {
  'render-block': (value, _args, ctx) => {
    if (!isObject(value) || typeof value.partial !== 'string' || !/^[a-z0-9-]+$/.test(value.partial) || !isObject(value.view)) return '';
    return ctx.applyPartial(`blocks/${value.partial}.block`, value.view) ?? '';
  },
  'island-gallery-block': (value) => {
    if (!isObject(value) || !Array.isArray(value.items) || !isObject(value.settings)) return '';
    const images = value.items.flatMap((item) => (isObject(item) && isObject(item.island) ? [item.island] : [])) as unknown as GalleryIslandProps['images'];
    return renderIsland('Gallery', { images, settings: value.settings as GalleryIslandProps['settings'], label: typeof value.label === 'string' ? value.label : 'Gallery' });
  },
};
