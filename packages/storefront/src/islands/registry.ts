import type { ComponentType } from 'react';
import { CartPage, type CartPageProps } from './CartPage';
import { CartPill, type CartPillProps } from './CartPill';
import { Checkout, type CheckoutProps } from './Checkout';
import { Gallery, type GalleryProps } from './Gallery';
import { GiftCardPurchase, type GiftCardPurchaseProps } from './GiftCardPurchase';
import { HeaderCartIndicator, type HeaderCartIndicatorProps } from './HeaderCartIndicator';
import { InstallmentPill, type InstallmentPillProps } from './InstallmentPill';
import { PopupOverlay, type PopupOverlayProps } from './PopupOverlay';
import { ProductForm, type ProductFormProps } from './ProductForm';
import { ProductPrice, type ProductPriceProps } from './ProductPrice';
import { QuickView, type QuickViewProps } from './QuickView';
import { SiteForm, type SiteFormProps } from './SiteForm';
import { Lesson, type LessonProps } from './Lesson';
import { Comments, type CommentsProps } from './Comments';

/** Each island's props, by the name the server writes into `data-island`. */
export interface IslandPropsByName {
  ProductForm: ProductFormProps;
  ProductPrice: ProductPriceProps;
  CartPill: CartPillProps;
  HeaderCartIndicator: HeaderCartIndicatorProps;
  CartPage: CartPageProps;
  Checkout: CheckoutProps;
  InstallmentPill: InstallmentPillProps;
  Gallery: GalleryProps;
  GiftCardPurchase: GiftCardPurchaseProps;
  QuickView: QuickViewProps;
  SiteForm: SiteFormProps;
  PopupOverlay: PopupOverlayProps;
  Lesson: LessonProps;
  Comments: CommentsProps;
}

export type IslandName = keyof IslandPropsByName;

export const ISLANDS: { [N in IslandName]: ComponentType<IslandPropsByName[N]> } = {
  ProductForm,
  ProductPrice,
  CartPill,
  HeaderCartIndicator,
  CartPage,
  Checkout,
  InstallmentPill,
  Gallery,
  GiftCardPurchase,
  QuickView,
  SiteForm,
  PopupOverlay,
  Comments,
  Lesson,
};

export const ISLAND_NAMES = Object.keys(ISLANDS) as IslandName[];

export function isIslandName(name: unknown): name is IslandName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(ISLANDS, name);
}
