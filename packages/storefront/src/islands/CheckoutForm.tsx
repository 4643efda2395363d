import { useId, useState, type FormEvent } from 'react';
import { CART_MESSAGES } from '@vitrine/commerce';
import { checkoutUrls, placeOrder, startExpressCheckout } from '../api/commerce';
import { ApiError } from '../api/http';
import { navigation } from '../ui/navigation';

export interface CheckoutFormProps {
  /** Express and subscription checkouts carry a token for their own cart. */
  cartToken?: string;
  /** Checkout is refused below the store's minimum subtotal. */
  disabled?: boolean;
  submitLabel?: string;
  /**
   * The gift card page buys one denomination: its cart is made when the shopper
   * submits (express checkout), so a visit alone never creates carts.
   */
  giftCard?: { itemId: string; sku: string };
}

/** Email, then the order: POST /api/commerce/orders, then the order-confirmed page. */
export function CheckoutForm({ cartToken, disabled = false, submitLabel = 'Place Order', giftCard }: CheckoutFormProps) {
  const emailId = useId();
  const errorId = `${emailId}-error`;
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || disabled) return;
    setBusy(true);
    setError(null);
    try {
      const token = giftCard
        ? (await startExpressCheckout({ itemId: giftCard.itemId, sku: giftCard.sku, quantity: 1 })).cartToken
        : cartToken;
      const { order } = await placeOrder(token ? { email, cartToken: token } : { email });
      navigation.assign(checkoutUrls.orderConfirmed(order.id));
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      setError(apiError?.fieldErrors.email ?? apiError?.message ?? CART_MESSAGES.tryAgain);
      setBusy(false);
    }
  };

  return (
    <form className="vitrine-checkout-form" aria-label="Checkout" onSubmit={submit}>
      <label htmlFor={emailId}>Email</label>
      <input
        id={emailId}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      {error ? (
        <p id={errorId} className="vitrine-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={disabled || busy}>
        {submitLabel}
      </button>
    </form>
  );
}
