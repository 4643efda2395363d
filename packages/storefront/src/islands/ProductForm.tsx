import { useEffect, useRef, useState } from 'react';
import {
  ADD_TO_CART_MESSAGES,
  addToCartLabel,
  BUTTON_LABELS,
  CART_MESSAGES,
  effectiveVariantPrice,
  errorDialogTitle,
  findVariant,
  hasStockBeyondCart,
  isQuantityInputVisible,
  MIN_QUANTITY,
  productTypeOf,
  ProductType,
  validateAddToCart,
  variantOptions,
  type StoreSettings,
} from '@vitrine/commerce';
import { addCartEntry, checkoutUrls, fetchStock, startExpressCheckout, startSubscription } from '../api/commerce';
import { ApiError } from '../api/http';
import { selectedPriceStore } from '../cart/selected-price';
import { cartStore, useCart } from '../cart/store';
import type { ShoppingCart, StoreLocale, StorefrontProduct } from '../types';
import { readAdditionalFieldsForm } from '../ui/additional-fields';
import { AdditionalFieldsFormView } from '../ui/AdditionalFieldsFormView';
import { ProductImageView } from '../ui/ProductImageView';
import { QuantityInput } from '../ui/QuantityInput';
import { LiveRegion } from '../ui/LiveRegion';
import { Modal } from '../ui/Modal';
import { navigation } from '../ui/navigation';
import { useAddButtonPhase } from '../ui/useAddButtonPhase';
import { availableStock, imageForVariant, isSelectionSoldOut, quantityInCart, scarcityMessage } from './product-view';

export interface ProductFormProps extends StoreLocale {
  product: StorefrontProduct;
  settings?: StoreSettings;
  /** The store sends shoppers straight to checkout instead of the cart. */
  expressCheckout?: boolean;
  cart?: ShoppingCart | null;
  /** Show the chosen variant's image in the form (off when the page's gallery already shows it). Default true. */
  showImage?: boolean;
}

const DEFAULT_FORM_TITLE = 'Additional information';

/** Variant selects, quantity and the add-to-cart button of a product page. */
export function ProductForm({ product, settings, expressCheckout = false, cart: initialCart, showImage = true }: ProductFormProps) {
  const cart = useCart(initialCart);
  const options = variantOptions(product);
  const [selected, setSelected] = useState<Record<string, string>>({});
  const [quantityText, setQuantityText] = useState(String(MIN_QUANTITY));
  const [error, setError] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const button = useAddButtonPhase();
  const openingForm = useRef(false);

  const variant = findVariant(product, selected);
  const type = productTypeOf(product);
  const soldOut = isSelectionSoldOut(product, variant);
  const soldOutText = product.customSoldOutText?.trim() || BUTTON_LABELS.soldOut;
  const quantityVisible = isQuantityInputVisible(product, settings, availableStock(product, variant));
  const additionalForm = readAdditionalFieldsForm(product.structuredContent?.additionalFieldsForm);
  const image = imageForVariant(product, variant);
  const scarcity = scarcityMessage(product, variant);
  const itemId = product.id ?? '';
  // Only a shopper's choice is published: with a single variant the pill's default price is already right.
  const chosenPrice = options.length > 0 && variant ? effectiveVariantPrice(variant) : undefined;
  useEffect(() => {
    if (product.id !== undefined) selectedPriceStore.publish(product.id, chosenPrice);
  }, [product.id, chosenPrice]);

  const label =
    button.phase === 'adding' ? BUTTON_LABELS.adding : button.phase === 'added' ? BUTTON_LABELS.added : addToCartLabel(product, { expressCheckout });
  const status = error ?? (button.phase !== 'idle' ? label : soldOut ? soldOutText : '');

  const check = () =>
    validateAddToCart({
      product,
      variant,
      selectedOptions: selected,
      quantity: quantityVisible ? quantityText : MIN_QUANTITY,
      quantityInCart: quantityInCart(cart, product.id, variant?.sku),
      settings,
    });

  const send = async (additionalFields?: string) => {
    const result = check();
    if (!result.ok) {
      setFormOpen(false);
      setError(result.message);
      return;
    }
    if (!button.begin()) return;
    const sku = result.variant.sku ?? '';
    const request = { itemId, sku, quantity: result.quantity, additionalFields };
    try {
      if (product.structuredContent?.isSubscribable) {
        const { cartToken } = await startSubscription({ itemId, sku, qty: result.quantity, additionalFields });
        navigation.assign(checkoutUrls.subscription(cartToken));
      } else if (expressCheckout) {
        const { cartToken } = await startExpressCheckout(request);
        navigation.assign(checkoutUrls.checkout(cartToken));
      } else {
        const { shoppingCart } = await addCartEntry(request);
        cartStore.setCart(shoppingCart);
        setFormOpen(false);
        button.succeed();
      }
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      const message = apiError?.message ?? CART_MESSAGES.tryAgain;
      if (formOpen && apiError && Object.keys(apiError.fieldErrors).length > 0) {
        setFieldErrors(apiError.fieldErrors);
      } else {
        setFormOpen(false);
        setError(message);
      }
      button.fail();
    }
  };

  const onButton = () => {
    if (button.phase !== 'idle') return;
    const result = check();
    if (!result.ok) {
      setError(result.message);
      return;
    }
    if (type === ProductType.GIFT_CARD) {
      navigation.assign(checkoutUrls.giftCard(itemId, result.variant.sku ?? ''));
      return;
    }
    if (additionalForm) {
      void openAdditionalFieldsForm(result.variant.sku);
      return;
    }
    void send();
  };

  // Stock is checked against the server before the form opens, so a shopper does not fill in a
  // form for an item that has sold out since the page loaded (spec §5).
  const openAdditionalFieldsForm = async (sku: string | undefined) => {
    if (openingForm.current) return;
    openingForm.current = true;
    try {
      if (type !== ProductType.DIGITAL && type !== ProductType.GIFT_CARD) {
        const { results } = await fetchStock(itemId);
        const forVariant = results.filter((record) => record.sku === sku);
        if (!hasStockBeyondCart(forVariant.length > 0 ? forVariant : results, quantityInCart(cart, product.id, sku))) {
          setError(ADD_TO_CART_MESSAGES.notEnoughStock);
          return;
        }
      }
      setFieldErrors({});
      setFormOpen(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : CART_MESSAGES.tryAgain);
    } finally {
      openingForm.current = false;
    }
  };

  return (
    <div className="vitrine-product-form">
      {showImage && image ? <ProductImageView image={image} fallbackTitle={product.title} eager /> : null}
      {options.map((option) => (
        <div className="vitrine-variant-option" key={option.name}>
          <label>
            <span className="vitrine-variant-option-name">{option.name}</span>
            <select
              value={selected[option.name] ?? ''}
              onChange={(event) => setSelected((old) => ({ ...old, [option.name]: event.target.value }))}
            >
              <option value="">Select {option.name}</option>
              {option.values.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </select>
          </label>
        </div>
      ))}
      {scarcity ? <p className="vitrine-scarcity">{scarcity}</p> : null}
      {soldOut ? <p className="vitrine-sold-out">{soldOutText}</p> : null}
      {quantityVisible ? (
        <div className="vitrine-quantity">
          <label>
            <span>Quantity</span>
            <QuantityInput value={quantityText} onChange={(event) => setQuantityText(event.target.value)} />
          </label>
        </div>
      ) : null}
      <button
        type="button"
        className="vitrine-add-to-cart"
        data-state={button.phase}
        aria-disabled={button.phase !== 'idle' ? true : undefined}
        onClick={onButton}
      >
        {label}
      </button>
      <LiveRegion message={status} />
      {formOpen && additionalForm ? (
        <Modal title={additionalForm.name ?? DEFAULT_FORM_TITLE} onClose={() => setFormOpen(false)}>
          <AdditionalFieldsFormView
            form={additionalForm}
            submitLabel={addToCartLabel(product, { expressCheckout })}
            busy={button.phase !== 'idle'}
            serverErrors={fieldErrors}
            onSubmit={(fields) => void send(fields)}
          />
        </Modal>
      ) : null}
      {error ? (
        <Modal role="alertdialog" title={errorDialogTitle(product, { expressCheckout })} onClose={() => setError(null)}>
          <p className="vitrine-error-message">{error}</p>
          <button type="button" onClick={() => setError(null)}>
            OK
          </button>
        </Modal>
      ) : null}
    </div>
  );
}
