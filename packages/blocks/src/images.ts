/** Responsive image widths (platform §9, storefront §9). */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Default focal point (storefront §9): the image's centre. */
export const DEFAULT_FOCAL_POINT: { readonly x: number; readonly y: number } = { x: 0.5, y: 0.5 };

/**
 * The rendition for an image shown this wide (storefront §9): above 1000 → 1500w, above 750 → 1000w,
 * above 500 → 750w, above 300 → 500w, above 100 → 300w, otherwise 100w.
 */
export function imageWidthFor(displayWidth: number): ImageWidth {
  if (displayWidth > 1000) return 1500;
  if (displayWidth > 750) return 1000;
  if (displayWidth > 500) return 750;
  if (displayWidth > 300) return 500;
  if (displayWidth > 100) return 300;
  return 100;
}

// The alt-text rule lives once, in @vitrine/format's imageAltText (the server and the islands use it).
