import { POPUP_OVERLAY_LIMITS, POPUP_OVERLAY_MESSAGES, type PopupOverlayBody, type PopupPages } from '@vitrine/contracts';

/**
 * The popup overlay's rules that span fields, pure: the contract checks each field alone. Errors are keyed by
 * the body's field names, so the owner screen puts each under its control.
 */

/**
 * A link the popup's button may follow (platform §5's URL validator: at most 2083 characters): an http(s) address,
 * a path on this site, mailto: or tel:. Nothing else: `javascript:` and `data:` links would run in the shop's origin.
 */
export function isAllowedLink(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.length > POPUP_OVERLAY_LIMITS.urlLength || /[\s\u0000-\u001f]/.test(trimmed)) return false;
  // A path on this site; '//host' would leave it.
  if (trimmed.startsWith('/')) return !trimmed.startsWith('//') && !trimmed.startsWith('/\\');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === 'mailto' || scheme === 'tel') return trimmed.length > scheme.length + 1;
  if (scheme !== 'http' && scheme !== 'https') return false;
  try {
    return new URL(trimmed).hostname !== '';
  } catch {
    return false;
  }
}

/** What the design needs beyond each field's own shape; the image and form lookups are the service's. */
export function designErrors(input: PopupOverlayBody): Record<string, string> {
  const errors: Record<string, string> = {};
  if (input.layout !== 'none' && input.imageId === null) errors.imageId = POPUP_OVERLAY_MESSAGES.imageRequired;
  if (input.action === 'button') {
    if (input.buttonLabel.trim() === '') errors.buttonLabel = POPUP_OVERLAY_MESSAGES.buttonLabel;
    if (!isAllowedLink(input.buttonUrl)) errors.buttonUrl = POPUP_OVERLAY_MESSAGES.buttonUrl;
  } else if (input.formId === null) {
    errors.formId = POPUP_OVERLAY_MESSAGES.formRequired;
  }
  return errors;
}

/**
 * Whether a page at `path` may show the popup: never on checkout (`/checkout` and what is under it: the order
 * confirmed and gift card pages) — a shopper paying is not interrupted — nor the owner app; then the owner's choice.
 */
export function popupShownOn(pages: PopupPages, path: string): boolean {
  const clean = path.split('?')[0]!.replace(/\/+$/, '') || '/';
  if (clean === '/checkout' || clean.startsWith('/checkout/') || clean === '/config' || clean.startsWith('/config/')) return false;
  if (pages === 'home') return clean === '/';
  if (pages === 'not-cart') return clean !== '/cart';
  return true;
}
