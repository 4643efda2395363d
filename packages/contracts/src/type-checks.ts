/**
 * Compile-time checks only (nothing here runs): the static types derived from the response schemas
 * and the types `@vitrine/commerce` declares describe the same values. `npx tsc -p tsconfig.json`
 * fails when a field is added, dropped or retyped on one side only.
 */
import type { CartEntry, Order, ShoppingCart } from '@vitrine/commerce';
import type { CartEntryJson, ShoppingCartJson } from './cart';
import type { ErrorBody } from './errors';
import type { OrderJson } from './orders';

/** True when A and B are the same type (not merely mutually assignable through `any`). */
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;

export type TypeChecks = [
  Assert<MutuallyAssignable<ShoppingCartJson, ShoppingCart>>,
  Assert<MutuallyAssignable<CartEntryJson, CartEntry>>,
  Assert<MutuallyAssignable<OrderJson, Order>>,
  // The error body, exactly as the API documents it.
  Assert<MutuallyAssignable<ErrorBody, { message: string; errors?: Record<string, string>; crumbFail?: true }>>,
  // Required stays required, optional stays optional (mutual assignability alone would let an
  // optional schema field pass against a required interface field in one direction only: checked both).
  Assert<Equals<keyof ShoppingCartJson, keyof ShoppingCart>>,
  Assert<Equals<keyof OrderJson, keyof Order>>,
];
