import type { ImageWidth } from '@vitrine/contracts';

/**
 * What `?format=` asks for: the original (absent, empty or 'original'), a copy of one of the spec's widths in the
 * original's format (`NNNw`), or, for the site's identity (site-settings), a PNG copy of such a width (`png-NNNw`:
 * mail clients that read no WebP or AVIF) or a square PNG icon (`icon-32`, `icon-180`: the favicon and the phones'
 * home-screen icon). Anything else is refused, so no request can make a copy the server does not offer.
 */
export type ImageRendition =
  | { kind: 'original' }
  | { kind: 'width'; width: ImageWidth }
  | { kind: 'png'; width: ImageWidth }
  | { kind: 'icon'; size: ImageIconSize };

/** The square icons a favicon is served as (`?format=icon-32`, `icon-180`). */
export const IMAGE_ICON_SIZES = [32, 180] as const;
export type ImageIconSize = (typeof IMAGE_ICON_SIZES)[number];
