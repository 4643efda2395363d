import { describe, expect, it } from 'vitest';
import { lineKindOf } from './service';

describe('lineKindOf', () => {
  it('names how each order line is fulfilled', () => {
    expect(lineKindOf({ product_type: 1, is_subscribable: false })).toBe('physical');
    expect(lineKindOf({ product_type: 2, is_subscribable: false })).toBe('digital');
    expect(lineKindOf({ product_type: 3, is_subscribable: false })).toBe('service');
    expect(lineKindOf({ product_type: 4, is_subscribable: false })).toBe('gift-card');
    expect(lineKindOf({ product_type: 1, is_subscribable: true })).toBe('subscription');
    expect(lineKindOf({ product_type: 3, is_subscribable: true })).toBe('subscription');
  });
});
