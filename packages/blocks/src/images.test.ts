import { describe, expect, it } from 'vitest';
import { DEFAULT_FOCAL_POINT, IMAGE_WIDTHS, imageWidthFor } from './images';

describe('image helpers (storefront §9)', () => {
  it('lists the widths and picks the rendition for a display width', () => {
    expect(IMAGE_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
    const picks = [0, 100, 101, 300, 301, 500, 501, 750, 751, 1000, 1001, 4000].map(imageWidthFor);
    expect(picks).toEqual([100, 100, 300, 300, 500, 500, 750, 750, 1000, 1000, 1500, 1500]);
    expect(DEFAULT_FOCAL_POINT).toEqual({ x: 0.5, y: 0.5 });
  });

});
