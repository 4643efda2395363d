import Type, { type Static } from 'typebox';
import { defineContract } from './contract';
import { ERROR_RESPONSES } from './errors';
import { ResponseObject } from './fields';

/**
 * The visitor's crumb (server: http/crumb.ts). Pages set no cookie, so a browser asks for its crumb when a state
 * change first needs one: the answer carries it and sets the crumb cookie (readable, the value to echo in
 * X-CSRF-Token) and the HttpOnly key it is signed over.
 */
export const CrumbReplySchema = ResponseObject({
  crumb: Type.String(),
});
export type CrumbReply = Static<typeof CrumbReplySchema>;

export const getCrumbContract = defineContract({
  operationId: 'getCrumb',
  method: 'GET',
  url: '/api/crumb',
  summary: "The visitor's crumb on this website, set as its cookies too; asked for before the first state change.",
  tags: ['crumb'],
  schema: { response: { 200: CrumbReplySchema, ...ERROR_RESPONSES } },
});

export const CRUMB_CONTRACTS = [getCrumbContract] as const;
