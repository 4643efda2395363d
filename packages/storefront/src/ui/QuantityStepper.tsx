import { useId, type InputHTMLAttributes } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '@vitrine/commerce';
import { QuantityInput } from './QuantityInput';
import { visuallyHidden } from './styles';

export interface QuantityStepperProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'max' | 'step' | 'value' | 'onChange'> {
  value: string;
  /** Typing, or a step of the − / + buttons (with the new text). */
  onValue: (text: string, via: 'typing' | 'step') => void;
  /** The input's accessible name ('Quantity', 'Quantity of Linen Shirt'). */
  label: string;
  /** Shown as the visible label; the cart page hides it (its row names the product). */
  showLabel?: boolean;
  /** What the buttons' names end with: 'Decrease quantity of Linen Shirt'. */
  of?: string;
  disabled?: boolean;
}

/** The 1–9999 quantity input between − and + buttons. The buttons step from what is typed (an unreadable text counts as 1). */
export function QuantityStepper({ value, onValue, label, showLabel = true, of, disabled, ...inputProps }: QuantityStepperProps) {
  const id = useId();
  const current = /^\d+$/.test(value.trim()) ? Number(value.trim()) : MIN_QUANTITY;
  const step = (by: number) => {
    const next = Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, current + by));
    onValue(String(next), 'step');
  };
  const suffix = of ? ` of ${of}` : '';
  return (
    <div className="vitrine-quantity">
      <label htmlFor={id} className="vitrine-quantity-label" style={showLabel ? undefined : visuallyHidden}>
        {label}
      </label>
      <div className="vitrine-stepper">
        <button
          type="button"
          className="vitrine-stepper-button"
          aria-label={`Decrease quantity${suffix}`}
          disabled={disabled || current <= MIN_QUANTITY}
          onClick={() => step(-1)}
        >
          −
        </button>
        <QuantityInput id={id} value={value} onChange={(event) => onValue(event.target.value, 'typing')} {...inputProps} />
        <button
          type="button"
          className="vitrine-stepper-button"
          aria-label={`Increase quantity${suffix}`}
          disabled={disabled || current >= MAX_QUANTITY}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
