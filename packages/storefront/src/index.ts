/** @vitrine/storefront: the React islands of a published store, their server renderer and their browser clients. */
export { renderIsland, ISLAND_NAMES, isIslandName, type IslandName, type IslandPropsByName } from './server';
export { hydrateIslands, type HydrateOptions } from './hydrate';
export { clientAssets, CLIENT_ENTRY, type ClientAssets, type ViteManifest } from './manifest';
export { islandPropsBlock, readIslandProps, ISLAND_PROPS_ATTRIBUTE } from './embed';
export { cartStore, createCartStore, useCart, type CartStore } from './cart/store';
export { ApiError, requestJson, readCookie, messageForFailure } from './api/http';
export * from './api/commerce';
export { lightboxImageSize, LIGHTBOX_MARGIN_PX, LIGHTBOX_RESIZE_DELAY_MS } from './islands/lightbox-size';
export type { ProductFormProps } from './islands/ProductForm';
export type { ProductPriceProps } from './islands/ProductPrice';
export { CART_EVENTS } from './cart/events';
export type { CartPillProps } from './islands/CartPill';
export type { HeaderCartIndicatorProps } from './islands/HeaderCartIndicator';
export type { CartPageProps } from './islands/CartPage';
export type { CheckoutFormProps } from './islands/CheckoutForm';
export type { InstallmentPillProps } from './islands/InstallmentPill';
export type { GalleryProps, GalleryImage } from './islands/Gallery';
export type * from './types';
