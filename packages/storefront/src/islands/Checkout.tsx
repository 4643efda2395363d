import { lazy, Suspense } from 'react';
import type { ShoppingCart, StoreLocale } from '../types';
import type { IslandMessages } from './messages';

export interface CheckoutProps extends StoreLocale {
  /** The cart being checked out (the server renders the page with it; null: none). */
  cart: ShoppingCart | null;
  /** Express, subscription and gift card checkouts carry their own single-item cart's token. */
  cartToken?: string;
  /** 'subscription': the pay button reads 'Subscribe'. */
  kind?: 'cart' | 'express' | 'subscription';
  /** The countries the store ships to (the country select offers only these), or null for anywhere. */
  shipsTo: string[] | null;
  /** Prices include tax: the summary says 'Including $x in taxes' instead of a Tax row. */
  pricesIncludeTax?: boolean;
  /** The store takes no real payments (no provider configured): the pay step says so. */
  testMode?: boolean;
  /** The store's manual method (bank transfer, cash on delivery), offered beside the provider; null: none. */
  manualPayment?: { label: string } | null;
  /** Checkout is refused below the store's minimum subtotal. */
  minimumSubtotalCents?: number | null;
  /** The cart, address, coupon and gift card messages in the visitor's language; absent: English. */
  messages?: IslandMessages<'cart' | 'address' | 'coupon' | 'giftCard'>;
}

// The checkout's code (address rules, summary, payment step; a few KB) is a chunk of its own, fetched as soon as
// the checkout page hydrates, so the every-page script does not carry it. The server renders the view at once
// inside the same Suspense boundary (server.tsx); the browser keeps that HTML until the chunk arrives. Until
// then its buttons are disabled (Enter cannot send the inert HTML as a plain GET).
const CheckoutViewLazy = lazy(() => import('./CheckoutView').then((module) => ({ default: module.CheckoutView })));

/** The checkout page (issue 17): contact, delivery, shipping method, billing, codes, the summary and the pay step. */
export function Checkout(props: CheckoutProps) {
  return (
    <Suspense fallback={null}>
      <CheckoutViewLazy {...props} />
    </Suspense>
  );
}
