import { imageAltText, imageSrcSet } from '@vitrine/format';
import type { ProductImage } from '../types';

export { imageSrcSet };

/** The picture's alt text by the shared rule; `fallbackTitle` (the product's name) when it has none (never its file name). */
export function altTextOf(image: ProductImage, fallbackTitle?: string): string {
  return imageAltText({ altText: image.altText, title: image.title, body: image.body, filename: image.filename }, fallbackTitle);
}

export interface ProductImageViewProps {
  image: ProductImage;
  fallbackTitle?: string;
  /** The product's main image loads at once; every other image lazily. */
  eager?: boolean;
  sizes?: string;
  className?: string;
}

export function ProductImageView({ image, fallbackTitle, eager = false, sizes = '(max-width: 750px) 100vw, 50vw', className }: ProductImageViewProps) {
  return (
    <img
      className={className ?? 'vitrine-product-image'}
      src={image.assetUrl}
      srcSet={imageSrcSet(image.assetUrl)}
      sizes={sizes}
      alt={altTextOf(image, fallbackTitle)}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
