import Type, { type Static } from 'typebox';
import { ResponseObject } from './fields';

/**
 * The one error shape every failing call answers with (4xx, and the 500 of a bug):
 * `{ message, errors?, crumbFail? }`. `message` is what a shopper reads; `errors` names each bad
 * field (`{ quantity: 'Quantity must be a number.' }`); `crumbFail` marks a crumb failure (403), which
 * the storefront words itself depending on whether cookies are on (spec §8).
 */
export const ErrorBodySchema = ResponseObject({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  crumbFail: Type.Optional(Type.Literal(true)),
});

export type ErrorBody = Static<typeof ErrorBodySchema>;

/** The error answers of every call: any 4xx and the 500 share one schema. */
export const ERROR_RESPONSES = {
  '4xx': ErrorBodySchema,
  '5xx': ErrorBodySchema,
} as const;
