import { describe, expect, it } from 'vitest';
import { isBlankText } from './blank-text';
import { BREAKPOINTS, isDesktopWidth, isMobileWidth, isTabletWidth, MEDIA_QUERIES } from './breakpoints';
import { centredPopupFeatures } from './popup-window';

describe('blank text', () => {
  it('is empty or whitespace only, zero-width characters included', () => {
    for (const blank of ['', '   ', '\n\t', '\u200B', ' \u200B\u200C\u200D\uFEFF\u2060 ', '\u00A0']) expect(isBlankText(blank), JSON.stringify(blank)).toBe(true);
    expect(isBlankText(null)).toBe(true);
    expect(isBlankText(undefined)).toBe(true);
    for (const text of ['a', ' x ', '\u200Bx', '0']) expect(isBlankText(text), JSON.stringify(text)).toBe(false);
  });
});

describe('breakpoints', () => {
  it('mobile up to 432 px, desktop from 433 px, tablet never', () => {
    expect(BREAKPOINTS).toEqual({ mobileMax: 432, desktopMin: 433 });
    expect([isMobileWidth(432), isMobileWidth(433), isDesktopWidth(433), isDesktopWidth(432)]).toEqual([true, false, true, false]);
    for (const width of [0, 432, 433, 768, 1024, 5000]) expect(isTabletWidth(width)).toBe(false);
    expect(MEDIA_QUERIES).toEqual({
      mobile: '(max-width: 432px)',
      desktop: '(min-width: 433px)',
      tablet: '(min-width: 433px) and (max-width: 432px)',
    });
  });
});

describe('centred pop-up window', () => {
  it('centres the window on the current one', () => {
    expect(centredPopupFeatures(600, 400, { left: 100, top: 50, width: 1400, height: 900 })).toBe('width=600,height=400,top=300,left=500');
    expect(centredPopupFeatures(800, 1000, { left: 0, top: 0, width: 400, height: 300 })).toBe('width=800,height=1000,top=0,left=0');
  });
});
