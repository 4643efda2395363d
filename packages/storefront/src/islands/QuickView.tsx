import { useState } from 'react';
import { BUTTON_LABELS, CART_MESSAGES } from '@vitrine/commerce';
import { fetchProductPage } from '../api/commerce';
import { ApiError } from '../api/http';
import type { StoreLocale, StoreSettings, StorefrontProduct } from '../types';
import { Modal } from '../ui/Modal';
import { ProductForm } from './ProductForm';
import { ProductPrice } from './ProductPrice';
import { dispatchShopperEvent, SHOPPER_EVENTS } from '../shopper-events';

export interface QuickViewProps extends StoreLocale {
  /** The product page's address; its `?format=json` context is fetched when the shopper opens the view. */
  productUrl: string;
  title: string;
  /** Button text; the store default is 'Quick View'. */
  label?: string;
  expressCheckout?: boolean;
}

type Loaded = { product: StorefrontProduct; settings?: StoreSettings };

/**
 * A store-grid card's quick view: a button that opens the product form in a dialog, so a shopper
 * can choose options and add to the cart without leaving the grid. The product is fetched on
 * open, so a grid of many products carries none of their variants in its HTML.
 */
export function QuickView({ productUrl, title, label = BUTTON_LABELS.quickView, expressCheckout, currency, locale }: QuickViewProps) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);

  // For the tracking client's quick-view census call, once the product (its id) is known.
  const opened = (product: StorefrontProduct) => {
    if (product.id) dispatchShopperEvent(SHOPPER_EVENTS.quickViewOpen, { itemId: product.id, productUrl });
  };

  const show = async () => {
    setOpen(true);
    if (loaded) return opened(loaded.product);
    setError(null);
    try {
      const page = await fetchProductPage(productUrl);
      setLoaded({ product: page.item, settings: page.websiteSettings?.storeSettings });
      opened(page.item);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : CART_MESSAGES.tryAgain);
    }
  };

  return (
    <>
      {/* The name starts with the visible label (label in name) and says which product it opens. */}
      <button type="button" className="vitrine-quick-view" onClick={show} aria-haspopup="dialog" aria-label={`${label}: ${title}`}>
        {label}
      </button>
      {open ? (
        <Modal title={title} onClose={() => setOpen(false)} className="vitrine-quick-view-modal">
          {loaded ? (
            <>
              <ProductPrice product={loaded.product} currency={currency} locale={locale} />
              <ProductForm
                product={loaded.product}
                settings={loaded.settings}
                expressCheckout={expressCheckout}
                cartDrawer={false}
                placement="quick-view"
                currency={currency}
                locale={locale}
              />
              <p>
                <a href={productUrl}>View full details of {title}</a>
              </p>
            </>
          ) : error ? (
            <p role="alert">{error}</p>
          ) : (
            <p role="status">Loading…</p>
          )}
        </Modal>
      ) : null}
    </>
  );
}
