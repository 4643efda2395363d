import { lazy, Suspense } from 'react';
import type { CartPageProps } from './CartPageView';

export type { CartPageProps } from './CartPageView';

// The cart page's code (entries, quantity and form editing, the checkout link; about 2 KB gzip) is a chunk of its
// own, fetched when the cart page hydrates, so the every-page script does not carry it. The server renders the
// view at once inside the same Suspense boundary (server.tsx) and the browser keeps that HTML until the chunk
// arrives: its 'Check out' link works meanwhile as a plain link; the view marks its root `data-ready` once live.
const CartPageViewLazy = lazy(() => import('./CartPageView').then((module) => ({ default: module.CartPageView })));

/** The /cart page (see CartPageView). */
export function CartPage(props: CartPageProps) {
  return (
    <Suspense fallback={null}>
      <CartPageViewLazy {...props} />
    </Suspense>
  );
}
