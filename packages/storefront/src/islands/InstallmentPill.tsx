import { visuallyHidden } from '../ui/styles';
import { useState } from 'react';
import {
  DEFAULT_INSTALLMENT_COUNT,
  fromPrice,
  INSTALLMENT_PROVIDER_NAMES,
  installmentLocale,
  installmentProvider,
  installmentWording,
  isInstallmentInRange,
  isInstallmentPillShown,
  productTypeOf,
  type InstallmentContext,
} from '@vitrine/commerce';
import type { StoreLocale, StorefrontProduct } from '../types';
import { useSelectedPrice } from '../cart/selected-price';
import { useSelectedSku } from '../cart/selected-variant';
import { isSelectionSoldOut } from './product-view';
import { Modal } from '../ui/Modal';
import { formatCents } from '../ui/money';

export interface InstallmentPillProps extends StoreLocale {
  product: StorefrontProduct;
  installments: InstallmentContext;
  /** The price to split, in minor units, until the shopper chooses a variant; defaults to the product's from-price. */
  priceCents?: number;
}

/** "or 4 interest-free payments of … with Afterpay", with an info button opening a modal. */
export function InstallmentPill({ product, installments, priceCents, currency = 'USD', locale = 'en-US' }: InstallmentPillProps) {
  const [infoOpen, setInfoOpen] = useState(false);
  const selectedPrice = useSelectedPrice(product.id);
  const selectedSku = useSelectedSku(product.id);
  if (!isInstallmentPillShown(productTypeOf(product), installments)) return null;
  // Nothing to pay for: a sold-out product, or a chosen variant that is sold out, shows no payment offer.
  const chosenVariant = product.structuredContent?.variants?.find((variant) => variant.sku === selectedSku);
  if (isSelectionSoldOut(product, chosenVariant)) return null;
  const providerLocale = installmentLocale(installments.shopperLanguage ?? 'en', installments.stripeAccountCountry ?? 'US');
  const provider = providerLocale ? installmentProvider(providerLocale) : null;
  if (!provider) return null;

  const price = selectedPrice ?? priceCents ?? fromPrice(product);
  const name = INSTALLMENT_PROVIDER_NAMES[provider];
  const inRange = isInstallmentInRange(price, installments.afterPayMin, installments.afterPayMax);
  const wording = installmentWording({
    priceCents: price,
    minCents: installments.afterPayMin,
    maxCents: installments.afterPayMax,
    provider,
    formatPrice: (cents) => formatCents(cents, currency, locale),
  });

  return (
    <div className="vitrine-installment-pill" data-provider={provider} data-in-range={inRange ? 'true' : 'false'}>
      <span className="vitrine-installment-text">{wording}</span>{' '}
      <button type="button" className="vitrine-installment-info" aria-haspopup="dialog" onClick={() => setInfoOpen(true)}>
        <span aria-hidden="true" className="vitrine-installment-info-mark">i</span>
        <span className="visually-hidden" style={visuallyHidden}>More about {name}</span>
      </button>
      {infoOpen ? (
        <Modal title={name} onClose={() => setInfoOpen(false)} className={`vitrine-installment-modal vitrine-installment-modal--${provider}`}>
          <p>
            Pay in {DEFAULT_INSTALLMENT_COUNT} interest-free installments with {name}: the first at checkout, the rest every two weeks.
          </p>
          <p>{wording}</p>
        </Modal>
      ) : null}
    </div>
  );
}
