/** The popup overlay domain (issue 18; table popup_overlays): the owner's popup and what storefront pages carry of it. */
export { registerPopupOverlayRoutes } from './routes';
export { getPopupOverlay, updatePopupOverlay, showPopupOverlayAgain, DEFAULT_POPUP_OVERLAY } from './service';
export { readPopupOverlayForPage, notifyPopupOverlayChanged, POPUP_FRESH_MS, type StorefrontPopupOverlay } from './storefront';
export { isAllowedLink, popupShownOn } from './rules';
