/**
 * The popup overlay's visitor rules (platform §9: "Popup overlay local storage keys: date-closed, version,
 * submitted"), pure but for the Storage handed in. The keys are the spec's names behind a per-website prefix
 * (`vitrine:popup-overlay:{websiteId}:date-closed`), so two sites previewed on one origin never share answers.
 *
 * - `submitted` ('true'): the visitor sent the popup's newsletter form; never shown again, whatever the version.
 * - `date-closed` (an ISO date-time) and `version` (the popup's version then): the visitor closed it; shown again
 *   only once the owner's version differs from the stored one.
 * - A storage that throws (private modes, storage turned off) shows nothing: without a memory the popup would
 *   return on every page.
 */

export const POPUP_STORAGE_KEYS = { dateClosed: 'date-closed', version: 'version', submitted: 'submitted' } as const;

export function popupStorageKey(websiteId: string, key: (typeof POPUP_STORAGE_KEYS)[keyof typeof POPUP_STORAGE_KEYS]): string {
  return `vitrine:popup-overlay:${websiteId}:${key}`;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** Whether this visitor should see the popup of this version now. */
export function popupShouldShow(storage: Store | null, websiteId: string, version: number): boolean {
  if (!storage) return false;
  try {
    if (storage.getItem(popupStorageKey(websiteId, 'submitted')) === 'true') return false;
    const closed = storage.getItem(popupStorageKey(websiteId, 'date-closed'));
    if (closed === null) return true;
    return storage.getItem(popupStorageKey(websiteId, 'version')) !== String(version);
  } catch {
    return false;
  }
}

/** Remembers that the visitor closed this version (Escape, the close button, outside the panel, or its button). */
export function recordPopupClosed(storage: Store | null, websiteId: string, version: number, now: Date = new Date()): void {
  try {
    storage?.setItem(popupStorageKey(websiteId, 'date-closed'), now.toISOString());
    storage?.setItem(popupStorageKey(websiteId, 'version'), String(version));
  } catch {
    // Nothing to remember it in: the popup was only shown because reading worked; it may show again.
  }
}

/** Remembers the newsletter submission: the popup never shows again. */
export function recordPopupSubmitted(storage: Store | null, websiteId: string, version: number): void {
  try {
    storage?.setItem(popupStorageKey(websiteId, 'submitted'), 'true');
    storage?.setItem(popupStorageKey(websiteId, 'version'), String(version));
  } catch {
    // As above.
  }
}

/** The browser's localStorage, or null when even reaching it throws. */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** How much of the page has been seen, in percent (a page no taller than the window is all seen). */
export function scrolledPercent(scrollY: number, viewportHeight: number, pageHeight: number): number {
  if (pageHeight <= viewportHeight || pageHeight <= 0) return 100;
  return Math.min(100, ((scrollY + viewportHeight) / pageHeight) * 100);
}
