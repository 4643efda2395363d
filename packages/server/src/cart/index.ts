/**
 * The cart domain: carts and their entries (tables carts, cart_entries). Other domains use this
 * front only; nothing else writes these tables.
 */
export {
  addEntry,
  createSingleItemCart,
  emptyCart,
  readVisitorCart,
  removeEntry,
  updateEntryAdditionalFields,
  updateEntryQuantity,
  cartOwnerOf,
  CART_SERVER_MESSAGES,
  type AddEntryInput,
  type AddEntryResult,
  type EntryAdditionalFieldsInput,
  type EntryQuantityInput,
  type SingleItemCartInput,
} from './service';
export { ADDITIONAL_FIELDS_MESSAGE, MAX_ADDITIONAL_FIELDS_LENGTH } from './additional-fields';
export { cartEntryJson, shoppingCartJson } from './cart-json';
export { defaultCartMergePolicy, mergeIntoUserCart, type CartMergePolicy } from './merge-policy';
export {
  lockCartByToken,
  markCartPurchased,
  readCartByToken,
  readVisitorCart as readVisitorCartLines,
  type CartLine,
  type CartOwner,
  type CartWithLines,
} from './store';
