import { describe, expect, it } from 'vitest';
import {
  checkGiftCardDelivery, formatGiftCardCode, GIFT_CARD_CODE_ALPHABET, GIFT_CARD_MESSAGES, giftCardCodeFromBytes, giftCardLastFour,
  isWellFormedGiftCardCode, latestSendOn, normaliseGiftCardCode, todayIn,
} from './gift-cards';

// A stand-in for the shared email rule (the real one is @vitrine/forms' isValidEmail, used by the server and the island).
const isEmail = (value: string) => /^[^@\s]+@[^@\s]+\.[a-z]{2,4}$/i.test(value);

describe('gift card codes', () => {
  it('uses 32 characters without 0, O, 1 or I', () => {
    expect(GIFT_CARD_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(GIFT_CARD_CODE_ALPHABET).size).toBe(32);
    for (const confusing of ['0', 'O', '1', 'I']) expect(GIFT_CARD_CODE_ALPHABET).not.toContain(confusing);
  });

  it('maps each random byte onto the alphabet, evenly (256 = 8 × 32)', () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, index) => index * 17);
    const code = giftCardCodeFromBytes(bytes);
    // 0 → A, 17 → T (the 18th character), 34 % 32 = 2 → C, …
    expect(code).toBe('ATCVEXGZJ3L5N7Q9');
    expect(giftCardCodeFromBytes(Uint8Array.from({ length: 16 }, () => 31))).toBe('9'.repeat(16));
    expect(giftCardCodeFromBytes(Uint8Array.from({ length: 16 }, () => 32))).toBe('A'.repeat(16));
    expect(() => giftCardCodeFromBytes(new Uint8Array(15))).toThrow('a gift card code needs 16 random bytes');
  });

  it('normalises what a shopper types: upper case, no spaces or dashes', () => {
    expect(normaliseGiftCardCode(' abcd-efgh jkmn\t-pqrs ')).toBe('ABCDEFGHJKMNPQRS');
    expect(isWellFormedGiftCardCode('ABCDEFGHJKMNPQRS')).toBe(true);
    expect(isWellFormedGiftCardCode('ABCDEFGHJKMNPQR')).toBe(false);
    expect(isWellFormedGiftCardCode('ABCDEFGHJKMNPQR0')).toBe(false);
    expect(isWellFormedGiftCardCode('ABCDEFGHJKMNPQRO')).toBe(false);
  });

  it('shows a code in groups of four, and only its last four back', () => {
    expect(formatGiftCardCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(giftCardLastFour('ABCDEFGHJKMNPQRS')).toBe('PQRS');
  });
});

describe('checkGiftCardDelivery', () => {
  const today = '2026-11-24';

  it('accepts a recipient with everything trimmed, and today when no date is given', () => {
    expect(checkGiftCardDelivery({ recipientEmail: ' ana@example.com ', recipientName: ' Ana ', senderName: '', message: ' Happy birthday! ' }, today, isEmail)).toEqual({
      valid: true,
      delivery: { recipientEmail: 'ana@example.com', recipientName: 'Ana', senderName: null, message: 'Happy birthday!', sendOn: today },
    });
  });

  it('refuses each bad field with its message, the first one as the message', () => {
    const check = checkGiftCardDelivery(
      { recipientEmail: 'not-an-email', recipientName: 'n'.repeat(101), senderName: 's'.repeat(101), message: 'm'.repeat(501), sendOn: '2026-11-23' },
      today,
      isEmail,
    );
    expect(check).toEqual({
      valid: false,
      message: GIFT_CARD_MESSAGES.recipientEmail,
      errors: {
        recipientEmail: "Enter the recipient's email address.",
        recipientName: "Enter the recipient's name in 100 characters or fewer.",
        senderName: 'Enter your name in 100 characters or fewer.',
        message: 'Keep the message to 500 characters or fewer.',
        sendOn: 'Choose a send date from today up to a year from now.',
      },
    });
  });

  it('counts the message in characters as people see them: 500 emoji pass, 501 do not', () => {
    expect(checkGiftCardDelivery({ recipientEmail: 'a@b.co', message: '🎁'.repeat(500) }, today, isEmail).valid).toBe(true);
    expect(checkGiftCardDelivery({ recipientEmail: 'a@b.co', message: '🎁'.repeat(501) }, today, isEmail).valid).toBe(false);
  });

  it('takes send dates from today to the same day a year later, real dates only', () => {
    const sendOn = (date: string) => checkGiftCardDelivery({ recipientEmail: 'a@b.co', sendOn: date }, today, isEmail).valid;
    expect(sendOn('2026-11-24')).toBe(true);
    expect(sendOn('2027-11-24')).toBe(true);
    expect(sendOn('2027-11-25')).toBe(false);
    expect(sendOn('2026-11-23')).toBe(false);
    expect(sendOn('2026-02-30')).toBe(false);
    expect(sendOn('24/11/2026')).toBe(false);
    expect(latestSendOn('2028-02-29')).toBe('2029-03-01');
  });

  it("knows today in the store's time zone", () => {
    const late = new Date('2026-11-24T03:00:00Z');
    expect(todayIn('UTC', late)).toBe('2026-11-24');
    expect(todayIn('America/New_York', late)).toBe('2026-11-23');
  });
});
