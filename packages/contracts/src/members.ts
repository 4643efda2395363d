import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { MESSAGE_KEYWORD, RequestParams, ResponseObject, Text } from './fields';

/**
 * The shopper's member-area calls (issue 20 item 1). Joining needs a signed-in site user (site-user accounts,
 * flag 29): a free area grants the membership at once; a paid area answers the checkout of its PAYWALL product
 * (the order's payment grants it). The access-denied page's join button posts the same as an HTML form.
 */

const tags = ['members'];

export const MEMBER_MESSAGES = {
  memberAreaId: 'memberAreaId must be a member area id.',
  signIn: 'Sign in or create an account to join.',
  notFound: 'Member area not found.',
  unavailable: 'This membership cannot be bought right now.',
} as const;

export const JoinMemberAreaParamsSchema = RequestParams({
  memberAreaId: Text({ minLength: 1, maxLength: 64, [MESSAGE_KEYWORD]: MEMBER_MESSAGES.memberAreaId }),
});

export const JoinMemberAreaReplySchema = ResponseObject({
  /** 'joined': a free area's membership is live; 'checkout': pay at redirectUrl to join. */
  status: Type.Union([Type.Literal('joined'), Type.Literal('checkout')]),
  /** '/members/confirmed?area=…' (page 208) or the checkout of the area's PAYWALL product. */
  redirectUrl: Type.String(),
});
export type JoinMemberAreaReply = Static<typeof JoinMemberAreaReplySchema>;

export const joinMemberAreaContract = defineContract({
  operationId: 'joinMemberArea',
  method: 'POST',
  url: '/api/members/areas/:memberAreaId/join',
  summary: "Joins a member area as the signed-in site user: a free area's membership at once, a paid area's checkout.",
  tags,
  schema: { params: JoinMemberAreaParamsSchema, response: { 200: JoinMemberAreaReplySchema, ...ERROR_RESPONSES } },
});

export const MEMBER_CONTRACTS = [joinMemberAreaContract] as const;
