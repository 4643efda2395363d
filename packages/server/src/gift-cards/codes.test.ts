import { describe, expect, it } from 'vitest';
import { GIFT_CARD_CODE_ALPHABET, isWellFormedGiftCardCode, normaliseGiftCardCode } from '@vitrine/commerce/gift-cards';
import { drawGiftCardCode, giftCardCodeHash } from './codes';

describe('drawn gift card codes', () => {
  it('are 16 characters of the alphabet, all different over 20,000 draws, each character about as frequent', () => {
    const codes = Array.from({ length: 20_000 }, drawGiftCardCode);
    expect(codes.every(isWellFormedGiftCardCode)).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
    const counts = new Map<string, number>();
    for (const code of codes) for (const character of code) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...GIFT_CARD_CODE_ALPHABET].sort().join(''));
    // 320,000 characters over 32: 10,000 each expected; a biased mapping (256 % 32 ≠ 0) would be far off.
    for (const count of counts.values()) expect(Math.abs(count - 10_000)).toBeLessThan(600);
  });

  it('are hashed by their normalised form under the secret: the same code typed another way meets the same card', () => {
    const code = drawGiftCardCode();
    const typed = normaliseGiftCardCode(` ${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)} `);
    expect(giftCardCodeHash('secret-a', typed)).toBe(giftCardCodeHash('secret-a', code));
    expect(giftCardCodeHash('secret-b', code)).not.toBe(giftCardCodeHash('secret-a', code));
    expect(giftCardCodeHash('secret-a', code)).toMatch(/^[0-9a-f]{64}$/);
  });
});
