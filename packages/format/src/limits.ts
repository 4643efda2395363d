/** platform.md §9 business limits that are not specific to one formatter. */
export const MOBILE_BREAKPOINT_MAX_PX = 432;
export const DESKTOP_BREAKPOINT_MIN_PX = 433;
export const MAX_BLOCKS_PER_LAYOUT = 60;
export const MAX_TRACKS_IN_ALBUM = 60;
export const MAX_ITEMS_IN_USER_ORDERABLE_COLLECTION = 250;
export const MAX_PRODUCTS_IN_COLLECTION = 200;
export const NESTED_CATEGORIES_LIMIT = 10_000;
export const DEFAULT_SLIDER_ASPECT_RATIO = 50;
export const MAX_QUERY_STRING_KEYS = 1000;
export const TEMPLATE_PARTIAL_MAX_DEPTH = 16;
/** platform.md §9: US territories. */
export const US_TERRITORIES = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'] as const;
/** platform.md §5: performance timing values outside 0..2147483647 are dropped. */
export const MAX_TIMING_VALUE = 2_147_483_647;

export function isValidTimingValue(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_TIMING_VALUE;
}
