import { lazy, Suspense } from 'react';

export interface GiftCardPurchaseProps {
  /** The gift card product and the chosen denomination's SKU. */
  itemId: string;
  sku: string;
  /** The denomination as the page shows it ('$50.00'). */
  amountLabel: string;
  /** Today in the store's calendar (YYYY-MM-DD): the first send date offered. */
  today: string;
  submitLabel?: string;
}

/**
 * The gift card page's purchase form (issue 17 item 7). Its code (the form and the delivery rules; a few KB) is a
 * chunk of its own, fetched at once on this page only: the every-page script carries just this wrapper. The server
 * renders the whole form inside the same Suspense boundary (server.tsx), and the browser keeps that HTML until the
 * chunk arrives, then hydrates it. The form itself is `GiftCardPurchaseView`.
 */
const View = lazy(() => import('./GiftCardPurchaseView').then((module) => ({ default: module.GiftCardPurchaseView })));

export function GiftCardPurchase(props: GiftCardPurchaseProps) {
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  );
}
