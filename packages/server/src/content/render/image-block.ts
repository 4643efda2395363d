import { BLOCK_VARIANTS } from '@vitrine/blocks';
import { imageView, type ImageAsset, type ImageView } from './images';
import { safeLink } from './links';
import { bool, oneOf, str, type Settings } from './settings';

export const IMAGE_DESIGNS = ['inline', 'poster', 'card', 'overlap', 'collage', 'stack'] as const;
export type ImageDesign = (typeof IMAGE_DESIGNS)[number];

const VARIANT_OF: Record<ImageDesign, number> = {
  inline: BLOCK_VARIANTS.imageInline,
  poster: BLOCK_VARIANTS.imagePoster,
  card: BLOCK_VARIANTS.imageCard,
  overlap: BLOCK_VARIANTS.imageOverlap,
  collage: BLOCK_VARIANTS.imageCollage,
  stack: BLOCK_VARIANTS.imageStack,
};

export interface ImageBlockView {
  design: ImageDesign;
  image: ImageView;
  caption: string;
  link?: string;
  newWindow: boolean;
}

/**
 * image (5): one picture at every width with its alt text and focal point, in one of six designs (CSS variants of
 * one partial). `priority: 'high'` (a hero) loads eagerly with fetchpriority high; every other picture is lazy.
 */
export function imageBlockView(settings: Settings, asset: ImageAsset | undefined): { view: ImageBlockView; variant: number } | undefined {
  if (!asset) return undefined;
  const design = oneOf(settings, 'design', IMAGE_DESIGNS, 'inline');
  const priority = str(settings, 'priority') === 'high';
  const sizes = design === 'inline' || design === 'poster' ? '(max-width: 760px) 100vw, 1240px' : '(max-width: 760px) 100vw, 620px';
  return {
    variant: VARIANT_OF[design],
    view: {
      design,
      image: imageView(asset, { altText: str(settings, 'altText').trim(), focalPoint: settings.focalPoint, sizes, priority }),
      caption: str(settings, 'caption').trim(),
      ...(safeLink(str(settings, 'link')) ? { link: safeLink(str(settings, 'link')) } : {}),
      newWindow: bool(settings, 'newWindow'),
    },
  };
}
