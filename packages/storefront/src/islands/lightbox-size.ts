/** Lightbox constants (storefront spec §4): resize is debounced by 100 ms; a 50 px margin when the image is taller than the window. */
export const LIGHTBOX_RESIZE_DELAY_MS = 100;
export const LIGHTBOX_MARGIN_PX = 50;
/** Height the lightbox's title bar, previous/next row and padding take (the theme keeps them within it). */
export const LIGHTBOX_CHROME_PX = 140;

/** The size to show an image at in the lightbox: as is when it fits, else scaled to the window minus the margin. */
export function lightboxImageSize(
  natural: { width: number; height: number },
  viewport: { width: number; height: number },
): { width: number; height: number } {
  if (natural.width <= 0 || natural.height <= 0) return natural;
  const maxHeight = Math.max(0, viewport.height - 2 * LIGHTBOX_MARGIN_PX);
  const maxWidth = Math.max(0, viewport.width - 2 * LIGHTBOX_MARGIN_PX);
  const scale = Math.min(
    1,
    natural.height > viewport.height ? maxHeight / natural.height : 1,
    natural.width > viewport.width ? maxWidth / natural.width : 1,
  );
  return { width: Math.round(natural.width * scale), height: Math.round(natural.height * scale) };
}
