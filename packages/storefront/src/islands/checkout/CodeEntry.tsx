import { useId, useState, type FormEvent } from 'react';
import { normaliseCouponCode } from '@vitrine/commerce/checkout';
import type { ShoppingCart } from '@vitrine/commerce/cart';

export interface CodeEntryProps {
  cart: ShoppingCart;
  money: (cents: number) => string;
  /** Applies a code; answers the message to show under the field, or null when it was applied. */
  onApply: (code: string) => Promise<string | null>;
  onRemoveCoupon: (code: string) => void;
  onRemoveGiftCard: (last4: string) => void;
  /** The island is not interactive yet (its chunk is loading), or another change is being saved. */
  disabled: boolean;
}

export const CODE_MESSAGES = {
  required: 'Enter a discount code or gift card.',
} as const;

/**
 * One field for discount codes and gift cards (like Shopify's checkout), its own small form so Enter applies the
 * code rather than paying. Applied codes show as chips with a remove button; a coupon that does not apply stays
 * listed with the server's reason.
 */
export function CodeEntry({ cart, money, onApply, onRemoveCoupon, onRemoveGiftCard, disabled }: CodeEntryProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled || applying) return;
    const wanted = code.trim();
    if (!wanted) {
      setError(CODE_MESSAGES.required);
      return;
    }
    setApplying(true);
    const message = await onApply(wanted);
    setApplying(false);
    setError(message);
    if (message === null) setCode('');
  };

  const validByCode = new Map(cart.validCoupons.map((coupon) => [normaliseCouponCode(coupon.code), coupon]));
  const invalidByCode = new Map(cart.invalidCoupons.map((coupon) => [normaliseCouponCode(coupon.code), coupon]));
  const giftCards = cart.giftCards ?? [];

  return (
    <div className="vitrine-codes">
      <form className="vitrine-code-form" aria-label="Discount code or gift card" noValidate onSubmit={submit}>
        <label htmlFor={`${id}-code`} className="visually-hidden">
          Discount code or gift card
        </label>
        <input
          id={`${id}-code`}
          type="text"
          name="code"
          placeholder="Discount code or gift card"
          autoComplete="off"
          spellCheck={false}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" disabled={disabled || applying}>
          {applying ? 'Applying…' : 'Apply'}
        </button>
        {error ? (
          <p id={errorId} className="vitrine-field-error vitrine-code-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {cart.coupons.length > 0 || giftCards.length > 0 ? (
        <ul className="vitrine-code-chips" aria-label="Applied codes">
          {cart.coupons.map((entered) => {
            const valid = validByCode.get(normaliseCouponCode(entered));
            const invalid = invalidByCode.get(normaliseCouponCode(entered));
            return (
              <li key={`coupon-${entered}`} className={`vitrine-code-chip${invalid ? ' vitrine-code-chip--invalid' : ''}`}>
                <span className="vitrine-code-chip-code">{entered}</span>
                {valid && valid.discountCents > 0 ? <span className="vitrine-code-chip-amount">−{money(valid.discountCents)}</span> : null}
                {valid && valid.kind === 'free-shipping' ? <span className="vitrine-code-chip-amount">Free shipping</span> : null}
                <button type="button" className="vitrine-code-chip-remove" aria-label={`Remove coupon ${entered}`} disabled={disabled} onClick={() => onRemoveCoupon(entered)}>
                  <span aria-hidden="true">×</span>
                </button>
                {invalid ? <span className="vitrine-code-chip-reason">{invalid.reason}</span> : null}
              </li>
            );
          })}
          {giftCards.map((card) => (
            <li key={`gift-${card.last4}`} className="vitrine-code-chip">
              <span className="vitrine-code-chip-code">Gift card •••• {card.last4}</span>
              <span className="vitrine-code-chip-amount">−{money(card.appliedCents)}</span>
              <button
                type="button"
                className="vitrine-code-chip-remove"
                aria-label={`Remove gift card ending ${card.last4}`}
                disabled={disabled}
                onClick={() => onRemoveGiftCard(card.last4)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
