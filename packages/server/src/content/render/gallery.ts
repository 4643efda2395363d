import { BLOCK_VARIANTS } from '@vitrine/blocks';
import { GALLERY_ASPECT_RATIOS, resolveGallerySettings, type GalleryAspectRatio, type GallerySettings } from '@vitrine/format';
import { imageView, type ImageAsset, type ImageView } from './images';
import { safeLink } from './links';
import { list, str, type Settings } from './settings';

const VARIANT_OF: Record<string, number> = {
  grid: BLOCK_VARIANTS.galleryGrid,
  slideshow: BLOCK_VARIANTS.gallerySlideshow,
  slider: BLOCK_VARIANTS.galleryCarousel,
  stacked: BLOCK_VARIANTS.galleryStack,
};

export interface GalleryItemView {
  id: string;
  image: ImageView;
  title: string;
  description: string;
  link?: string;
  /** The Gallery island's image (slideshow, slider, lightbox). */
  island: { id: string; assetUrl: string; altText: string; title: string; description: string; clickthroughUrl?: string; width: number; height: number };
}

export interface GalleryView {
  design: GallerySettings['design'];
  /** Plain HTML and CSS unless the block needs script (a lightbox, autoplay, slide controls): then the Gallery island. */
  interactive: boolean;
  /** Slideshow and slider: a row that scrolls sideways (keyboard-focusable). */
  scrolls: boolean;
  items: GalleryItemView[];
  settings: GallerySettings;
  /** Classes and custom properties the partial writes (every §9 setting that changes the layout). */
  className: string;
  style: string;
  showTitle: boolean;
  showDescription: boolean;
  newWindow: boolean;
  label: string;
}

/** The images of a gallery: a gallery block's list, or a gallery page's items. */
export interface GalleryImageInput {
  id: string;
  asset: ImageAsset;
  altText?: string;
  title?: string;
  description?: string;
  link?: string;
  focalPoint?: unknown;
}

/** gallery (8) and gallery pages: the four designs with every setting of the storefront §9 table. */
export function galleryView(rawSettings: Settings, images: GalleryImageInput[], label = 'Gallery'): { view: GalleryView; variant: number } | undefined {
  if (images.length === 0) return undefined;
  const settings = resolveGallerySettings(rawSettings as Record<string, unknown>);
  const columns = settings['thumbnails-per-row'];
  const sizes = settings.design === 'grid' ? `(max-width: 760px) ${Math.ceil(100 / Math.min(columns, 2))}vw, ${Math.ceil(100 / columns)}vw` : settings.design === 'stacked' ? '(max-width: 760px) 100vw, 1240px' : '(max-width: 760px) 100vw, 80vw';
  const items = images.map((input): GalleryItemView => {
    const image = imageView(input.asset, { altText: input.altText, focalPoint: input.focalPoint ?? input.asset.focalPoint, sizes });
    const link = input.link ? safeLink(input.link) : undefined;
    return {
      id: input.id,
      image,
      title: (input.title ?? input.asset.title).trim(),
      description: (input.description ?? '').trim(),
      ...(link ? { link } : {}),
      island: { id: input.id, assetUrl: input.asset.assetUrl, altText: image.alt, title: (input.title ?? input.asset.title).trim(), description: (input.description ?? '').trim(), ...(link ? { clickthroughUrl: link } : {}), width: input.asset.width, height: input.asset.height },
    };
  });
  const ratio = GALLERY_ASPECT_RATIOS[settings['aspect-ratio'] as GalleryAspectRatio];
  const className = [
    'gallery-block',
    `gallery-block--${settings.design}`,
    `gallery-block--meta-${settings['meta-position']}`,
    settings['auto-crop'] ? 'gallery-block--crop' : '',
    settings['show-meta-on-hover'] ? 'gallery-block--meta-hover' : '',
    settings.transparentBackground ? 'gallery-block--transparent' : '',
    `gallery-block--align-${settings['active-alignment']}`,
  ].filter(Boolean).join(' ');
  return {
    variant: VARIANT_OF[settings.design] ?? BLOCK_VARIANTS.galleryGrid,
    view: {
      design: settings.design,
      // Slideshow and slider scroll by CSS (scroll-snap) alone; the Gallery island only for what needs script.
      interactive: settings.lightbox || settings.autoplay || (settings.controls && (settings.design === 'slideshow' || settings.design === 'slider')) || (settings.thumbnails && settings.design === 'slideshow'),
      scrolls: settings.design === 'slideshow' || settings.design === 'slider',
      items,
      settings,
      className,
      style: `--gallery-columns: ${columns}; --gallery-padding: ${settings.padding}px; --gallery-aspect-ratio: ${Math.round(ratio * 10000) / 10000}; --gallery-max-width: ${settings['max-width']}px`,
      showTitle: settings['show-meta'] && settings['show-meta-basic'],
      showDescription: settings['show-meta'] && !settings['show-meta-only-title'],
      newWindow: settings.newWindow,
      label,
    },
  };
}

/** A gallery block's own images (settings.images: [{ imageId, altText?, title?, description?, link?, focalPoint? }]), those still uploaded. */
export function galleryBlockImages(settings: Settings, images: ReadonlyMap<string, ImageAsset>): GalleryImageInput[] {
  return list(settings, 'images').flatMap((entry, index) => {
    const asset = images.get(str(entry, 'imageId'));
    if (!asset) return [];
    return [{ id: `${asset.id}-${index}`, asset, altText: str(entry, 'altText').trim(), title: str(entry, 'title'), description: str(entry, 'description'), link: str(entry, 'link'), focalPoint: entry.focalPoint }];
  });
}
