export type PaymentMethodName = 'provider' | 'manual';

export interface PaymentMethodChoiceProps {
  /** The store's manual method's label ('Bank transfer'). */
  manualLabel: string;
  chosen: PaymentMethodName;
  onChoose: (method: PaymentMethodName) => void;
  disabled?: boolean;
}

export const PAYMENT_METHOD_TEXT = {
  legend: 'Payment method',
  provider: 'Card or other online payment',
  manualNote: 'You get the payment instructions when you place the order. We send your order once your payment has arrived.',
  placeOrder: 'Place order',
} as const;

/**
 * Paying online (the provider's Payment Element after the order is placed) or by the store's manual method, as one
 * radio group (arrow keys choose). Only shown when the owner has the manual method on.
 */
export function PaymentMethodChoice({ manualLabel, chosen, onChoose, disabled = false }: PaymentMethodChoiceProps) {
  const option = (method: PaymentMethodName, label: string) => (
    <label className="vitrine-shipping-method vitrine-payment-method">
      <input type="radio" name="paymentMethod" value={method} checked={chosen === method} disabled={disabled} onChange={() => onChoose(method)} />
      <span className="vitrine-shipping-method-name">{label}</span>
    </label>
  );
  return (
    <fieldset className="vitrine-payment-methods">
      <legend className="vitrine-payment-methods-legend">{PAYMENT_METHOD_TEXT.legend}</legend>
      {option('provider', PAYMENT_METHOD_TEXT.provider)}
      {option('manual', manualLabel)}
      {chosen === 'manual' ? <p className="vitrine-payment-method-note">{PAYMENT_METHOD_TEXT.manualNote}</p> : null}
    </fieldset>
  );
}
