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
  isSoldOut,
  productTypeOf,
  ProductType,
  soldOutButtonLabel,
  validateAddToCart,
  variantOptions,
  variantsOf,
  type StoreSettings,
  type VariantOption,
} from '@vitrine/commerce';
import { addCartEntry, checkoutUrls, fetchStock, startExpressCheckout, startSubscription } from '../api/commerce';
import { ApiError } from '../api/http';
import { withRecalculation } from '../cart/events';
import { selectedPriceStore } from '../cart/selected-price';
import { selectedVariantStore } from '../cart/selected-variant';
import { cartStore, useCart, useCartStatus } from '../cart/store';
import type { ShoppingCart, StoreLocale, StorefrontProduct } from '../types';
import { readAdditionalFieldsForm } from '../ui/additional-fields';
import { AdditionalFieldsForm, preloadAdditionalFieldsForm } from '../forms/lazy';
import { CartDrawer } from '../ui/CartDrawer';
import { formatCents } from '../ui/money';
import { ProductImageView } from '../ui/ProductImageView';
import { OptionPicker } from '../ui/OptionPicker';
import { QuantityStepper } from '../ui/QuantityStepper';
import { LiveRegion } from '../ui/LiveRegion';
import { Modal } from '../ui/Modal';
import { navigation } from '../ui/navigation';
import { useAddButtonPhase } from '../ui/useAddButtonPhase';
import { availableStock, imageForVariant, isSelectionSoldOut, quantityInCart, scarcityMessage } from './product-view';
import { RestockBox } from './RestockBox';
import type { IslandMessages } from './messages';
import { dispatchShopperEvent, productContextOf, SHOPPER_EVENTS } from '../shopper-events';

export interface ProductFormProps extends StoreLocale {
  product: StorefrontProduct;
  settings?: StoreSettings;
  /** The store sends shoppers straight to checkout instead of the cart. */
  expressCheckout?: boolean;
  cart?: ShoppingCart | null;
  /** Show the chosen variant's image in the form (off when the page's gallery already shows it). Default true. */
  showImage?: boolean;
  /** Open the cart drawer after an add. Default true (the quick view, itself a dialog, turns it off). */
  cartDrawer?: boolean;
  /** The variant to start with (a restock notice links to `?sku=`): its options are chosen on the first render. */
  initialSku?: string;
  /** The website has a captcha: the restock box shows one. */
  captcha?: boolean;
  /** Where the form is, for the tracking events: its product page (a visit is told on load) or a quick view. */
  placement?: 'product-page' | 'quick-view';
  /** The add-to-cart and restock messages in the visitor's language; absent: English. */
  messages?: IslandMessages<'cart' | 'addToCart' | 'restock' | 'restockTexts'>;
}

const DEFAULT_FORM_TITLE = 'Additional information';

/** Variant selects, quantity and the add-to-cart button of a product page. */
export function ProductForm({
  product,
  settings,
  expressCheckout = false,
  cart: initialCart,
  showImage = true,
  cartDrawer = true,
  initialSku,
  captcha = false,
  placement = 'product-page',
  currency = 'USD',
  locale = 'en-US',
  messages,
}: ProductFormProps) {
  const cartMessages = messages?.cart ?? CART_MESSAGES;
  const addToCartMessages = messages?.addToCart ?? ADD_TO_CART_MESSAGES;
  const cart = useCart(initialCart);
  const cartStatus = useCartStatus(initialCart);
  const options = variantOptions(product);
  const [selected, setSelected] = useState<Record<string, string>>(() => optionsOfSku(product, initialSku));
  const [quantityText, setQuantityText] = useState(String(MIN_QUANTITY));
  const [error, setError] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const button = useAddButtonPhase();
  const openingForm = useRef(false);

  const variant = findVariant(product, selected);
  const type = productTypeOf(product);
  const soldOut = isSelectionSoldOut(product, variant);
  const soldOutText = soldOutButtonLabel(product.customSoldOutText);
  const quantityVisible = isQuantityInputVisible(product, settings, availableStock(product, variant));
  const additionalForm = readAdditionalFieldsForm(product.structuredContent?.additionalFieldsForm);
  const image = imageForVariant(product, variant);
  const scarcity = scarcityMessage(product, variant);
  const restockVariantId = soldOut && variant?.id && product.restockNotificationViews?.some((view) => view.variantId === variant.id) ? variant.id : null;
  const itemId = product.id ?? '';
  // Only a shopper's choice is published: with a single variant the pill's default price is already right.
  const chosenPrice = options.length > 0 && variant ? effectiveVariantPrice(variant) : undefined;
  const chosenSku = options.length > 0 && variant ? variant.sku : undefined;
  useEffect(() => {
    if (product.id !== undefined) selectedPriceStore.publish(product.id, chosenPrice);
  }, [product.id, chosenPrice]);
  useEffect(() => {
    if (product.id !== undefined) selectedVariantStore.publish(product.id, chosenSku);
  }, [product.id, chosenSku]);
  // The product page's visit, for the tracking client (a quick view's form is not a visit).
  useEffect(() => {
    if (placement === 'product-page' && product.id) dispatchShopperEvent(SHOPPER_EVENTS.productView, { product: productContextOf(product, currency) });
    // Once per page: the product does not change under a mounted form.
  }, []);
  // A form that goes away (a closed quick view) takes its choice with it.
  useEffect(() => {
    const id = product.id;
    return () => {
      if (id === undefined) return;
      selectedVariantStore.publish(id, undefined);
      selectedPriceStore.publish(id, undefined);
    };
  }, [product.id]);

  // What is chosen cannot be bought: the button says so (the store's sold-out text) and is disabled.
  const soldOutButton = soldOut && button.phase === 'idle';
  const label =
    button.phase === 'adding'
      ? BUTTON_LABELS.adding
      : button.phase === 'added'
        ? BUTTON_LABELS.added
        : soldOut
          ? soldOutText
          : addToCartLabel(product, { expressCheckout });
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
        const { shoppingCart } = await withRecalculation('add', () => addCartEntry(request));
        cartStore.setCart(shoppingCart);
        const code = shoppingCart.currency ?? currency;
        dispatchShopperEvent(SHOPPER_EVENTS.addToCart, { product: productContextOf(product, code), sku, quantity: result.quantity, currency: code, placement });
        setFormOpen(false);
        button.succeed();
        if (cartDrawer) setDrawerOpen(true);
      }
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      const message = apiError?.message ?? cartMessages.tryAgain;
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
    if (button.phase !== 'idle' || soldOut) return;
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
    // The form's code (its own chunk) loads while the stock is checked.
    const formCode = preloadAdditionalFieldsForm();
    formCode.catch(() => undefined);
    try {
      if (type !== ProductType.DIGITAL && type !== ProductType.GIFT_CARD) {
        const { results } = await fetchStock(itemId);
        const forVariant = results.filter((record) => record.sku === sku);
        if (!hasStockBeyondCart(forVariant.length > 0 ? forVariant : results, quantityInCart(cart, product.id, sku))) {
          setError(addToCartMessages.notEnoughStock);
          return;
        }
      }
      await formCode;
      setFieldErrors({});
      setFormOpen(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : cartMessages.tryAgain);
    } finally {
      openingForm.current = false;
    }
  };

  return (
    <div className="vitrine-product-form" data-cart-status={cartStatus}>
      {showImage && image ? <ProductImageView image={image} fallbackTitle={product.title} eager /> : null}
      {options.map((option) => (
        <OptionPicker
          key={option.name}
          option={option}
          value={selected[option.name] ?? ''}
          soldOutValues={soldOutValuesOf(product, option, selected)}
          onChange={(value) => setSelected((old) => ({ ...old, [option.name]: value }))}
        />
      ))}
      {scarcity ? <p className="vitrine-scarcity">{scarcity}</p> : null}
      {/* The add-to-cart wrapper shows once the cart is loaded (at once when there is none; spec §4).
          On phones it sticks to the bottom of the screen until the shopper scrolls past it. */}
      <div className="vitrine-add-to-cart-bar" hidden={cartStatus === 'loading' || undefined}>
        {quantityVisible && !soldOut ? (
          <QuantityStepper label="Quantity" value={quantityText} onValue={(text) => setQuantityText(text)} />
        ) : null}
        <button
          type="button"
          className="vitrine-add-to-cart"
          data-state={soldOutButton ? 'sold-out' : button.phase}
          disabled={soldOutButton || undefined}
          aria-disabled={button.phase !== 'idle' ? true : undefined}
          onClick={onButton}
        >
          {label}
        </button>
      </div>
      {soldOut ? (
        // The restock sign-up box (spec §2: "appears on product pages for sold-out variants"), when the
        // product offers it for the chosen variant. Keyed by variant: another variant starts a fresh box.
        <div className="vitrine-restock-slot" data-restock-slot="">
          {restockVariantId && product.id ? (
            <RestockBox
              key={restockVariantId}
              productId={product.id}
              variantId={restockVariantId}
              texts={product.restockNotificationMessages}
              mailingListSignUpEnabled={product.mailingListSignUpEnabled}
              mailingListOptInByDefault={product.mailingListOptInByDefault}
              captcha={captcha}
              messages={messages}
            />
          ) : null}
        </div>
      ) : null}
      <LiveRegion message={status} />
      {formOpen && additionalForm ? (
        <Modal title={additionalForm.name ?? DEFAULT_FORM_TITLE} onClose={() => setFormOpen(false)}>
          <AdditionalFieldsForm
            form={additionalForm}
            submitLabel={addToCartLabel(product, { expressCheckout })}
            busy={button.phase !== 'idle'}
            serverErrors={fieldErrors}
            onSubmit={(fields) => void send(fields)}
          />
        </Modal>
      ) : null}
      {drawerOpen && cart ? (
        <CartDrawer cart={cart} money={(cents) => formatCents(cents, cart.currency ?? currency, locale)} onClose={() => setDrawerOpen(false)} />
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

/** Values of an option that cannot be bought together with the other options already chosen. */
function soldOutValuesOf(product: StorefrontProduct, option: VariantOption, selected: Record<string, string>): Set<string> {
  const others = Object.entries(selected).filter(([name, value]) => name !== option.name && value !== '');
  const result = new Set<string>();
  for (const value of option.values) {
    const matching = variantsOf(product).filter((candidate) => {
      const attributes = candidate.attributes ?? {};
      return attributes[option.name] === value && others.every(([name, chosen]) => attributes[name] === chosen);
    });
    if (isSoldOut({ ...product, structuredContent: { ...product.structuredContent, variants: matching } })) result.add(value);
  }
  return result;
}

/** The option choices that pick the variant with `sku` ({} when there is none, or the product has no options). */
function optionsOfSku(product: StorefrontProduct, sku: string | undefined): Record<string, string> {
  if (!sku) return {};
  const variant = product.structuredContent?.variants?.find((candidate) => candidate.sku === sku);
  return variant?.attributes ? { ...variant.attributes } : {};
}
