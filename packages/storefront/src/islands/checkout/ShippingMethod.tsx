import { useId } from 'react';
import type { ShippingOption } from '@vitrine/commerce/checkout';

export interface ShippingMethodProps {
  options: readonly ShippingOption[];
  selectedId: string | null;
  money: (cents: number) => string;
  onSelect: (id: string) => void;
  error?: string;
  disabled?: boolean;
}

export const NO_SHIPPING_OPTIONS = 'There are no shipping options for this address.';

/** The shipping options for the saved address, priced ('Free' for 0), as one radio group (arrow keys choose). */
export function ShippingMethod({ options, selectedId, money, onSelect, error, disabled = false }: ShippingMethodProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="vitrine-checkout-section vitrine-shipping-methods"
      aria-describedby={error ? errorId : undefined}
      data-has-error={error ? true : undefined}
    >
      <legend>
        <h2 className="vitrine-checkout-heading">Shipping method</h2>
      </legend>
      {error ? (
        <p id={errorId} className="vitrine-field-error">
          {error}
        </p>
      ) : null}
      {options.length === 0 ? <p>{NO_SHIPPING_OPTIONS}</p> : null}
      {options.map((option) => (
        <label key={option.id} className="vitrine-shipping-method">
          <input
            type="radio"
            name="selectedShippingOptionId"
            value={option.id}
            checked={option.id === selectedId}
            disabled={disabled}
            onChange={() => onSelect(option.id)}
          />
          <span className="vitrine-shipping-method-name">{option.name}</span>{' '}
          <span className="vitrine-shipping-method-price">{option.amountCents === 0 ? 'Free' : money(option.amountCents)}</span>
        </label>
      ))}
    </fieldset>
  );
}
