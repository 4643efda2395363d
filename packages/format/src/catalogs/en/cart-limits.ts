/** Ours: a cart's size limits ({maxLines} and {maxUnits} are passed as plain digits, never grouped). */
export const EN_CART_LIMITS = {
  tooManyLines: 'Your cart is full: it can hold {maxLines} different items at most. Please check out or remove an item first.',
  tooManyUnits: 'Your cart can hold {maxUnits} items at most. Please lower a quantity first.',
  tooMuchPersonalisation: 'Your cart holds too many personalised details. Please check out or remove an item first.',
} as const;
