/**
 * Platform §9's breakpoints: mobile up to 432 px, desktop from 433 px. The spec's tablet query never
 * matches (there is no tablet layout), kept so callers can ask and get a stable false.
 */
export const BREAKPOINTS = { mobileMax: 432, desktopMin: 433 } as const;

export const MEDIA_QUERIES = {
  mobile: `(max-width: ${BREAKPOINTS.mobileMax}px)`,
  desktop: `(min-width: ${BREAKPOINTS.desktopMin}px)`,
  /** Matches no width: min above max. */
  tablet: `(min-width: ${BREAKPOINTS.desktopMin}px) and (max-width: ${BREAKPOINTS.mobileMax}px)`,
} as const;

export function isMobileWidth(width: number): boolean {
  return width <= BREAKPOINTS.mobileMax;
}

export function isDesktopWidth(width: number): boolean {
  return width >= BREAKPOINTS.desktopMin;
}

export function isTabletWidth(_width: number): boolean {
  return false;
}
