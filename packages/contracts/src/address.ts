import Type, { type Static } from 'typebox';
import { MESSAGE_KEYWORD, RequestBody, Text } from './fields';

/** A postal address as the browser sends it; the country's rules (`checkAddress` in @vitrine/commerce/checkout) decide. */
const part = (maxLength: number) => Type.Optional(Type.Union([Text({ maxLength }), Type.Null()], { [MESSAGE_KEYWORD]: 'This is too long.' }));

export const AddressBodySchema = RequestBody({
  name: part(200),
  line1: part(400),
  line2: part(400),
  city: part(200),
  region: part(200),
  postalCode: part(40),
  country: part(10),
  phone: part(60),
});
export type AddressBody = Static<typeof AddressBodySchema>;
