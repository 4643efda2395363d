import type { InputHTMLAttributes } from 'react';
import { MAX_QUANTITY, MIN_QUANTITY } from '@vitrine/commerce';

/** The quantity field everywhere a shopper types one: a whole number from 1 to 9999 (spec §2, §9). */
export function QuantityInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'min' | 'max' | 'step'>) {
  return <input type="number" inputMode="numeric" min={MIN_QUANTITY} max={MAX_QUANTITY} step={1} {...props} />;
}
