import { EN_GIFT_CARD } from '@vitrine/format/catalogs/en';
import { fillPlaceholders } from '@vitrine/format/catalogs/fill';
/**
 * Gift cards' shared rules (issue 17 item 7): what a code looks like, and what the buyer may type on the gift
 * card page about its delivery. The storefront checks with these before sending and the server checks again with
 * the same functions. Pure: no clock (today is passed in), no randomness (the server draws codes).
 */

/** 32 characters without the ones people confuse: no 0/O, no 1/I. 32 divides 256, so a random byte maps evenly. */
export const GIFT_CARD_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 16;
/** Shown in groups of four: XXXX-XXXX-XXXX-XXXX. */
const GROUP = 4;
const CODE_PATTERN = new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{${GIFT_CARD_CODE_LENGTH}}$`);

export const GIFT_CARD_LIMITS = {
  messageLength: 500,
  nameLength: 100,
  /** What a shopper may type in the code box (a code with generous spaces and dashes). */
  codeInputLength: 64,
} as const;

// Filled once; the pure wrapper lets a bundle that never reads them leave them out (no property reads kept).
export const GIFT_CARD_MESSAGES = /* @__PURE__ */ (() => ({
    ...EN_GIFT_CARD,
    recipientName: fillPlaceholders(EN_GIFT_CARD.recipientName, { max: GIFT_CARD_LIMITS.nameLength }),
    senderName: fillPlaceholders(EN_GIFT_CARD.senderName, { max: GIFT_CARD_LIMITS.nameLength }),
    message: fillPlaceholders(EN_GIFT_CARD.message, { max: GIFT_CARD_LIMITS.messageLength }),
  }) as const)();

/** Upper case, without spaces or dashes: how codes are compared and hashed. */
export function normaliseGiftCardCode(text: string): string {
  return text.toUpperCase().replace(/[\s-]+/g, '');
}

/** A normalised code that could be one of ours (16 characters of the alphabet). */
export function isWellFormedGiftCardCode(normalised: string): boolean {
  return CODE_PATTERN.test(normalised);
}

/** XXXX-XXXX-XXXX-XXXX, from a normalised code. */
export function formatGiftCardCode(normalised: string): string {
  const groups: string[] = [];
  for (let start = 0; start < normalised.length; start += GROUP) groups.push(normalised.slice(start, start + GROUP));
  return groups.join('-');
}

/** The only part of a code ever shown back: its last four characters. */
export function giftCardLastFour(normalised: string): string {
  return normalised.slice(-GROUP);
}

/** A code from random bytes (one byte per character; the caller draws them with a secure generator). */
export function giftCardCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < GIFT_CARD_CODE_LENGTH) throw new Error(`a gift card code needs ${GIFT_CARD_CODE_LENGTH} random bytes`);
  let code = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index += 1) code += GIFT_CARD_CODE_ALPHABET[bytes[index] % GIFT_CARD_CODE_ALPHABET.length];
  return code;
}

/** What the buyer typed under "Send to someone else". */
export interface GiftCardDeliveryInput {
  recipientEmail: string;
  recipientName?: string | null;
  senderName?: string | null;
  message?: string | null;
  /** YYYY-MM-DD in the store's calendar; absent: today. */
  sendOn?: string | null;
}

export interface GiftCardDelivery {
  recipientEmail: string;
  recipientName: string | null;
  senderName: string | null;
  message: string | null;
  sendOn: string;
}

export type GiftCardDeliveryCheck =
  | { valid: true; delivery: GiftCardDelivery }
  | { valid: false; message: string; errors: Partial<Record<keyof GiftCardDeliveryInput, string>> };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD, as days since 1970-01-01; undefined otherwise. */
function dayNumberOf(date: string): number | undefined {
  const match = ISO_DATE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const back = new Date(time);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return time / 86_400_000;
}

/** The last date a card may be scheduled for: the same day a year later (29 February: 1 March). */
export function latestSendOn(today: string): string {
  const match = ISO_DATE.exec(today);
  if (!match) throw new Error(`not a date: ${today}`);
  return new Date(Date.UTC(Number(match[1]) + 1, Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10);
}

const optionalText = (value: string | null | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The delivery rules: a valid recipient email, names of at most 100 characters, a message of at most 500
 * (counted as the shopper sees characters, code points), a send date from `today` to a year later. `isEmail` is
 * the shared email rule (@vitrine/forms' isValidEmail; commerce sits beside forms, so it is handed in).
 */
export function checkGiftCardDelivery(input: GiftCardDeliveryInput, today: string, isEmail: (value: string) => boolean): GiftCardDeliveryCheck {
  const errors: Partial<Record<keyof GiftCardDeliveryInput, string>> = {};
  const recipientEmail = input.recipientEmail.trim();
  if (!isEmail(recipientEmail)) errors.recipientEmail = GIFT_CARD_MESSAGES.recipientEmail;
  const recipientName = optionalText(input.recipientName);
  if (recipientName !== null && [...recipientName].length > GIFT_CARD_LIMITS.nameLength) errors.recipientName = GIFT_CARD_MESSAGES.recipientName;
  const senderName = optionalText(input.senderName);
  if (senderName !== null && [...senderName].length > GIFT_CARD_LIMITS.nameLength) errors.senderName = GIFT_CARD_MESSAGES.senderName;
  const message = optionalText(input.message);
  if (message !== null && [...message].length > GIFT_CARD_LIMITS.messageLength) errors.message = GIFT_CARD_MESSAGES.message;
  const sendOn = optionalText(input.sendOn) ?? today;
  const day = dayNumberOf(sendOn);
  if (day === undefined || day < dayNumberOf(today)! || day > dayNumberOf(latestSendOn(today))!) errors.sendOn = GIFT_CARD_MESSAGES.sendOn;
  const first = Object.values(errors)[0];
  if (first !== undefined) return { valid: false, message: first, errors };
  return { valid: true, delivery: { recipientEmail, recipientName, senderName, message, sendOn } };
}

/** Today's date (YYYY-MM-DD) in a time zone: the store's calendar decides what "today" is for a send date. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
