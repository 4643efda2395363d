import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { CART_MESSAGES, isBelowMinimumSubtotal, minimumSubtotalMessage } from '@vitrine/commerce/cart';
import { COUPON_MESSAGES } from '@vitrine/commerce/checkout';
import { EN_ADDRESS } from '@vitrine/format/catalogs/en';
import { EMAIL_NOT_VALID } from '@vitrine/forms/messages';
import { isValidEmail } from '@vitrine/forms/email';
import type { UpdateCheckoutBody } from '@vitrine/contracts';
import { checkoutUrls, placeOrder } from '../api/commerce';
import {
  applyCoupon,
  applyGiftCard,
  fetchCheckoutCart,
  removeCoupon,
  removeGiftCard,
  updateCheckout,
  type PendingPayment,
} from '../api/checkout';
import { ApiError } from '../api/http';
import { cartStore } from '../cart/store';
import type { ShoppingCart } from '../types';
import { LiveRegion } from '../ui/LiveRegion';
import { formatCents } from '../ui/money';
import { navigation } from '../ui/navigation';
import { afterPointerRelease, watchPointerPresses } from '../ui/pointer-press';
import { useKeepTypedBeforeHydration } from '../forms/typed-before-hydration';
import type { CheckoutProps } from './Checkout';
import { localizeByEnglish } from './localize';
import { AddressFields } from './checkout/AddressFields';
import {
  addressBody,
  addressErrors,
  countryOptions,
  defaultCountry,
  valuesOf,
  type AddressField,
  type AddressPrefix,
  type AddressValues,
} from './checkout/address-form';
import { CodeEntry } from './checkout/CodeEntry';
import { amountDueOf, OrderSummary } from './checkout/OrderSummary';
import { PaymentStep } from './checkout/PaymentStep';
import { PAYMENT_METHOD_TEXT, PaymentMethodChoice, type PaymentMethodName } from './checkout/PaymentMethodChoice';
import { stripeShippingOf } from './checkout/stripe';
import { ShippingMethod } from './checkout/ShippingMethod';

export const CHECKOUT_TEXT = {
  emailBlank: 'Email cannot be blank',
  chooseShipping: 'Choose a shipping option.',
  continue: 'Continue to shipping',
  payNow: 'Pay now',
  subscribe: 'Subscribe',
  processing: 'Processing…',
  sameAsShipping: 'Same as shipping address',
  testMode: 'Test mode: no real payment is taken.',
  codeNotFound: 'Enter a valid discount code or gift card.',
  totalChanged: (total: string) => `Your total changed to ${total}. Check your order, then pay.`,
  totalUpdated: (total: string) => `Total updated: ${total}`,
} as const;

/** Field errors by the server's names: 'email', 'shippingAddress.city', 'selectedShippingOptionId', … */
type FieldErrors = Record<string, string>;

const errorsUnder = (errors: FieldErrors, prefix: AddressPrefix): Partial<Record<AddressField, string>> =>
  Object.fromEntries(Object.entries(errors).flatMap(([key, message]) => (key.startsWith(`${prefix}.`) ? [[key.slice(prefix.length + 1), message]] : [])));

const prefixed = (prefix: AddressPrefix, errors: Partial<Record<AddressField, string>>): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, message]) => [`${prefix}.${field}`, message!]));

function emailError(email: string): string | null {
  const value = email.trim();
  if (value === '') return CHECKOUT_TEXT.emailBlank;
  return isValidEmail(value) ? null : EMAIL_NOT_VALID;
}

/**
 * The checkout (see the storefront README, "Checkout"): one page, its sections shown only when the cart needs them
 * (a cart that ships nothing asks no address). Addresses are checked in the browser with the shared rules and saved
 * with PUT …/shopping-cart/checkout (Continue, or the pay button), which answers the cart with its shipping options
 * and totals; the pay button saves what changed, then places the order with the total the shopper saw.
 */
export function CheckoutView(props: CheckoutProps) {
  const { cartToken, kind = 'cart', shipsTo, pricesIncludeTax = false, testMode = false, manualPayment = null, minimumSubtotalCents = null, locale = 'en-US', messages } = props;
  const cartMessages = messages?.cart ?? CART_MESSAGES;
  // The address rules answer in English; a page in another language shows their messages from its catalog.
  const sayAddress = (message: string) => localizeByEnglish(message, EN_ADDRESS, messages?.address);
  const localAddressErrors = (values: AddressValues) =>
    Object.fromEntries(Object.entries(addressErrors(values)).map(([field, message]) => [field, message && sayAddress(message)])) as ReturnType<typeof addressErrors>;
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [cart, setCart] = useState<ShoppingCart | null>(props.cart);
  const [ready, setReady] = useState(false);
  const currency = cart?.currency ?? props.currency ?? 'USD';
  const money = (cents: number) => formatCents(cents, currency, locale);

  const shippingCountries = useMemo(() => countryOptions(shipsTo, locale), [shipsTo, locale]);
  const billingCountries = useMemo(() => countryOptions(null, locale), [locale]);
  const saved = cart?.checkout;
  const [email, setEmail] = useState(saved?.email ?? '');
  const [shipping, setShipping] = useState<AddressValues>(() => valuesOf(saved?.shippingAddress, defaultCountry(shippingCountries, locale)));
  const [billingSame, setBillingSame] = useState(!saved?.billingAddress);
  const [billing, setBilling] = useState<AddressValues>(() => valuesOf(saved?.billingAddress, defaultCountry(billingCountries, locale)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'saving' | 'paying'>('idle');
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethodName>('provider');
  const [pending, setPending] = useState<{ payment: PendingPayment; orderId: string } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    watchPointerPresses();
    setReady(true);
  }, []);
  // What was typed while the checkout's code was on its way is the checkout's from the start.
  useKeepTypedBeforeHydration(rootRef);

  // Focus goes to the first field in error once it shows (in the page's order).
  useEffect(() => {
    if (focusRequest === 0) return;
    const first = rootRef.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-has-error] input:not([disabled]), [data-has-error] select, .vitrine-checkout-alert',
    );
    first?.focus();
  }, [focusRequest]);

  // Screen readers hear the total when a change moves it.
  const due = cart ? amountDueOf(cart) : 0;
  const shownDue = useRef(due);
  useEffect(() => {
    if (shownDue.current === due) return;
    shownDue.current = due;
    setAnnouncement(CHECKOUT_TEXT.totalUpdated(money(due)));
  }, [due]); // eslint-disable-line react-hooks/exhaustive-deps -- money follows the cart

  if (!cart || cart.entries.length === 0) return <p>{cartMessages.empty}</p>;

  const needsAddress = cart.requiresShipping;
  const belowMinimum = isBelowMinimumSubtotal(cart.subtotalCents, minimumSubtotalCents);
  const busy = phase !== 'idle';
  const locked = !ready || pending !== null;
  // The manual method (bank transfer, cash on delivery) where the store has it, and only when something is left to pay.
  const offersManual = manualPayment !== null && kind !== 'subscription' && due > 0;
  const paysManually = offersManual && paymentMethod === 'manual';
  const payLabel = kind === 'subscription' ? CHECKOUT_TEXT.subscribe : paysManually ? PAYMENT_METHOD_TEXT.placeOrder : CHECKOUT_TEXT.payNow;

  const replaceCart = (next: ShoppingCart) => {
    setCart(next);
    if (!cartToken) cartStore.setCart(next);
  };

  const showErrors = (found: FieldErrors, message: string | null = null) => {
    setErrors(found);
    setGeneral(message);
    setFocusRequest((n) => n + 1);
  };

  /** The server refused a call: its field errors beside their fields, anything else as the general message. */
  const showFailure = (caught: unknown) => {
    if (!(caught instanceof ApiError)) return showErrors({}, cartMessages.tryAgain);
    const fields = caught.fieldErrors;
    const placed = Object.keys(fields).some((key) => isShownField(key));
    showErrors(fields, placed ? null : caught.message);
  };

  const isShownField = (key: string) =>
    key === 'email' ||
    (needsAddress && (key === 'selectedShippingOptionId' || key === 'shippingAddress' || key.startsWith('shippingAddress.'))) ||
    (needsAddress && !billingSame && (key === 'billingAddress' || key.startsWith('billingAddress.')));

  /** What the browser can check: the email (when asked for) and the addresses, with the same rules as the server. */
  const checkDetails = (withEmail: boolean): FieldErrors => {
    const found: FieldErrors = {};
    const emailProblem = emailError(email);
    if (emailProblem && (withEmail || email.trim() !== '')) found.email = emailProblem;
    if (needsAddress) {
      Object.assign(found, prefixed('shippingAddress', localAddressErrors(shipping)));
      if (!billingSame) Object.assign(found, prefixed('billingAddress', localAddressErrors(billing)));
    }
    return found;
  };

  /** Saves the email and addresses; answers the cart afterwards, or null when refused (errors shown). */
  const saveDetails = async (): Promise<ShoppingCart | null> => {
    const body: UpdateCheckoutBody = {
      ...(email.trim() !== '' ? { email: email.trim() } : {}),
      shippingAddress: addressBody(shipping),
      billingAddress: billingSame ? null : addressBody(billing),
    };
    try {
      const { shoppingCart } = await updateCheckout(body, cartToken);
      replaceCart(shoppingCart as ShoppingCart);
      return shoppingCart as ShoppingCart;
    } catch (caught) {
      showFailure(caught);
      return null;
    }
  };

  const continueToShipping = async () => {
    if (locked || busy) return;
    const found = checkDetails(false);
    if (Object.keys(found).length > 0) return showErrors(found);
    setPhase('saving');
    const saved = await saveDetails();
    setPhase('idle');
    if (saved) showErrors({}, null);
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (locked || busy || belowMinimum) return;
    const found = checkDetails(true);
    if (Object.keys(found).length > 0) return showErrors(found);
    setPhase('paying');
    setErrors({});
    setGeneral(null);
    let current = cart;
    if (needsAddress) {
      const saved = await saveDetails();
      if (!saved) return setPhase('idle');
      current = saved;
      // Saving moved the total (a first address brings shipping and tax): the shopper sees it before paying.
      if (saved.grandTotalCents !== cart.grandTotalCents) {
        setPhase('idle');
        return showErrors({}, CHECKOUT_TEXT.totalChanged(money(amountDueOf(saved))));
      }
      if (!saved.selectedShippingOption) {
        setPhase('idle');
        return showErrors({ selectedShippingOptionId: CHECKOUT_TEXT.chooseShipping });
      }
    }
    try {
      const answer = await placeOrder({
        email: email.trim(),
        ...(cartToken ? { cartToken } : {}),
        expectedGrandTotalCents: current.grandTotalCents,
        ...(current.amountDueCents !== undefined ? { expectedAmountDueCents: current.amountDueCents } : {}),
        ...(paysManually ? { paymentMethod: 'manual' as const } : {}),
      });
      if (answer.payment) {
        setPending({ payment: answer.payment, orderId: answer.order.id });
        setPhase('idle');
        return;
      }
      navigation.assign(checkoutUrls.orderConfirmed(answer.order.id));
    } catch (caught) {
      setPhase('idle');
      if (caught instanceof ApiError && caught.status === 409) {
        // The total changed since it was shown (a price, a coupon running out): show the cart as it is now.
        showErrors({}, caught.message);
        try {
          replaceCart((await fetchCheckoutCart(cartToken)) as ShoppingCart);
        } catch {
          // the message stands; a reload shows the cart
        }
        return;
      }
      showFailure(caught);
    }
  };

  const chooseShipping = async (optionId: string) => {
    if (locked || busy) return;
    setPhase('saving');
    try {
      replaceCart((await updateCheckout({ selectedShippingOptionId: optionId }, cartToken)).shoppingCart as ShoppingCart);
      setErrors(({ selectedShippingOptionId: _chosen, ...rest }) => rest);
    } catch (caught) {
      showFailure(caught);
    }
    setPhase('idle');
  };

  /** Coupon first; a code no coupon has is tried as a gift card (one field for both, like Shopify's). */
  const applyCode = async (code: string): Promise<string | null> => {
    try {
      replaceCart((await applyCoupon(code, cartToken)).shoppingCart as ShoppingCart);
      return null;
    } catch (caught) {
      if (!(caught instanceof ApiError)) return cartMessages.tryAgain;
      // The server answers in the page's language: an unknown coupon code may still be a gift card's.
      if (caught.message !== (messages?.coupon ?? COUPON_MESSAGES).notFound) return caught.fieldErrors.code ?? caught.message;
    }
    try {
      replaceCart((await applyGiftCard(code, cartToken)).shoppingCart as ShoppingCart);
      return null;
    } catch (caught) {
      if (!(caught instanceof ApiError)) return cartMessages.tryAgain;
      // No gift card call on this server (404), or no gift card of that code either.
      if (caught.status === 404 || /does not exist/.test(caught.message) || caught.message === messages?.giftCard?.codeUnknown) return CHECKOUT_TEXT.codeNotFound;
      return caught.fieldErrors.code ?? caught.message;
    }
  };

  const removeCode = async (remove: () => Promise<{ shoppingCart: unknown }>) => {
    if (locked || busy) return;
    setPhase('saving');
    try {
      replaceCart((await remove()).shoppingCart as ShoppingCart);
    } catch (caught) {
      showFailure(caught);
    }
    setPhase('idle');
  };

  /** A field left: checked alone (only once something was typed, or to clear its error), with the shared rules. */
  const leaveAddressField = (prefix: AddressPrefix, values: AddressValues) => (field: AddressField) => {
    const key = `${prefix}.${field}`;
    if (values[field].trim() === '' && !errors[key]) return;
    const message = localAddressErrors(values)[field];
    // Left by pressing a button below it: its message changes once the press is over, or the button moves away.
    afterPointerRelease(() => setErrors(({ [key]: _old, ...rest }) => (message ? { ...rest, [key]: message } : rest)));
  };

  const leaveEmail = () => {
    if (email.trim() === '' && !errors.email) return;
    const message = emailError(email);
    afterPointerRelease(() => setErrors(({ email: _old, ...rest }) => (message ? { ...rest, email: message } : rest)));
  };

  const addressSaved = Boolean(cart.checkout?.shippingAddress);
  const emailErrorId = `${id}-email-error`;

  return (
    <div ref={rootRef} className="vitrine-checkout" data-ready={ready ? 'true' : undefined}>
      <OrderSummary
        cart={cart}
        money={money}
        currency={currency}
        pricesIncludeTax={pricesIncludeTax}
        codes={
          <CodeEntry
            cart={cart}
            money={money}
            onApply={applyCode}
            onRemoveCoupon={(code) => void removeCode(() => removeCoupon(code, cartToken))}
            onRemoveGiftCard={(last4) => void removeCode(() => removeGiftCard(last4, cartToken))}
            disabled={locked || busy}
          />
        }
      />
      <form className="vitrine-checkout-main" aria-label="Checkout" noValidate onSubmit={pay}>
        <section className="vitrine-checkout-section" aria-labelledby={`${id}-contact`}>
          <h2 id={`${id}-contact`} className="vitrine-checkout-heading">
            Contact
          </h2>
          <div className="vitrine-field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              disabled={pending !== null}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? emailErrorId : undefined}
              onChange={(event) => setEmail(event.target.value)}
              onBlur={leaveEmail}
            />
            {errors.email ? (
              <p id={emailErrorId} className="vitrine-field-error">
                {errors.email}
              </p>
            ) : null}
          </div>
        </section>

        {needsAddress ? (
          <section className="vitrine-checkout-section" aria-labelledby={`${id}-delivery`}>
            <h2 id={`${id}-delivery`} className="vitrine-checkout-heading">
              Delivery
            </h2>
            <AddressFields
              prefix="shippingAddress"
              legend="Shipping address"
              values={shipping}
              errors={errorsUnder(errors, 'shippingAddress')}
              sectionError={errors.shippingAddress}
              countries={shippingCountries}
              onChange={setShipping}
              onLeave={leaveAddressField('shippingAddress', shipping)}
              disabled={pending !== null}
            />
            <button type="button" className="vitrine-checkout-continue" disabled={locked || busy} onClick={() => void continueToShipping()}>
              {phase === 'saving' ? 'Saving…' : CHECKOUT_TEXT.continue}
            </button>
          </section>
        ) : null}

        {needsAddress && addressSaved ? (
          <ShippingMethod
            options={cart.shippingOptions}
            selectedId={cart.selectedShippingOption?.id ?? null}
            money={money}
            onSelect={(optionId) => void chooseShipping(optionId)}
            error={errors.selectedShippingOptionId}
            disabled={locked}
          />
        ) : null}

        {needsAddress ? (
          <section className="vitrine-checkout-section" aria-labelledby={`${id}-billing`}>
            <h2 id={`${id}-billing`} className="vitrine-checkout-heading">
              Billing address
            </h2>
            <label className="vitrine-checkbox">
              <input type="checkbox" checked={billingSame} disabled={pending !== null} onChange={(event) => setBillingSame(event.target.checked)} />
              {CHECKOUT_TEXT.sameAsShipping}
            </label>
            {billingSame ? null : (
              <AddressFields
                prefix="billingAddress"
                legend="Billing address"
                values={billing}
                errors={errorsUnder(errors, 'billingAddress')}
                sectionError={errors.billingAddress}
                countries={billingCountries}
                onChange={setBilling}
                onLeave={leaveAddressField('billingAddress', billing)}
                disabled={pending !== null}
              />
            )}
          </section>
        ) : null}

        {pending ? null : (
          <section className="vitrine-checkout-section vitrine-checkout-pay" aria-labelledby={`${id}-pay`}>
            <h2 id={`${id}-pay`} className="vitrine-checkout-heading">
              Payment
            </h2>
            {offersManual ? (
              <PaymentMethodChoice manualLabel={manualPayment.label} chosen={paymentMethod} onChoose={setPaymentMethod} disabled={locked || busy} />
            ) : null}
            {testMode && !paysManually ? <p className="vitrine-test-mode-note">{CHECKOUT_TEXT.testMode}</p> : null}
            {belowMinimum ? <p className="vitrine-cart-minimum">{minimumSubtotalMessage(money(minimumSubtotalCents ?? 0))}</p> : null}
            {general ? (
              <p className="vitrine-field-error vitrine-checkout-alert" role="alert" tabIndex={-1}>
                {general}
              </p>
            ) : null}
            <button type="submit" className="vitrine-pay-button" disabled={locked || busy || belowMinimum}>
              {phase === 'paying' ? CHECKOUT_TEXT.processing : payLabel}
            </button>
          </section>
        )}
      </form>
      {pending ? (
        <PaymentStep
          payment={pending.payment}
          returnUrl={new URL(checkoutUrls.orderConfirmed(pending.orderId), window.location.href).href}
          submitLabel={payLabel}
          shipping={needsAddress ? stripeShippingOf(shipping) : undefined}
        />
      ) : null}
      <LiveRegion message={announcement} />
    </div>
  );
}
