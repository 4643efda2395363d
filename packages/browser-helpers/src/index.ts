/** @vitrine/browser-helpers: the platform's small browser helpers, shared by the storefront and the owner app. */
export * from './tween';
export * from './scroll-tween';
export * from './focus';
export * from './blank-text';
export * from './popup-window';
export * from './breakpoints';
export * from './render-error';
