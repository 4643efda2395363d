import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { ResponseObject } from './fields';

export { CAPTCHA_COMPACT_WIDTH_PX, CAPTCHA_MESSAGES, CAPTCHA_WIDGET_ERRORS } from './shopper-messages';

/**
 * The self-hosted captcha (platform spec §4 "Captcha widget", §8 captcha errors; storefront spec §5, §8):
 * an ALTCHA proof-of-work challenge, signed by the server, solved in the shopper's browser, and checked
 * once by the call it guards (restock sign-up, form submissions).
 */

const tags = ['captcha'];

/** How long a challenge may be solved and used, in seconds (the spec is silent). */
export const CAPTCHA_CHALLENGE_LIFETIME_SECONDS = 10 * 60;


/** The challenge as ALTCHA's widget reads it (v2: parameters and their HMAC signature). */
export const CaptchaChallengeSchema = ResponseObject({
  parameters: ResponseObject({
    algorithm: Type.String(),
    nonce: Type.String(),
    salt: Type.String(),
    cost: Type.Integer(),
    keyLength: Type.Integer(),
    keyPrefix: Type.String(),
    keySignature: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.Integer()),
    data: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]))),
  }),
  signature: Type.String(),
});
export type CaptchaChallenge = Static<typeof CaptchaChallengeSchema>;

export const getCaptchaChallengeContract = defineContract({
  operationId: 'getCaptchaChallenge',
  method: 'GET',
  url: '/api/captcha/challenge',
  summary: "A fresh proof-of-work challenge for the website's captcha, signed and expiring (never cached).",
  tags,
  schema: { response: { 200: CaptchaChallengeSchema, ...ERROR_RESPONSES } },
});

export const CAPTCHA_CONTRACTS = [getCaptchaChallengeContract] as const;
