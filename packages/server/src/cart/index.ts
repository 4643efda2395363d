/**
 * The cart domain: carts and their entries (tables carts, cart_entries). Other domains use this
 * front only; nothing else writes these tables.
 */
export {
  addEntry,
  createSingleItemCart,
  emptyCart,
  readCartOfToken,
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
export { cartEntryJson, postalAddressJson, shoppingCartJson, shoppingCartWithCheckout, loadCartCheckoutSources } from './cart-json';
export { checkoutLineOf, checkoutTotalsOf, loadCheckoutSources, taxLocationOf, type CheckoutSources } from './checkout-totals';
export { checkoutStateWith, countryName, lockCheckoutCart, writeCheckoutState, CHECKOUT_MESSAGES, type CheckoutAnswers } from './checkout';
export { defaultCartMergePolicy, mergeIntoUserCart, type CartMergePolicy } from './merge-policy';
export {
  createCartWithEntry,
  lockCartByToken,
  markCartPurchased,
  readCartByToken,
  readVisitorCart as readVisitorCartLines,
  type CartLine,
  type CartOwner,
  type CartWithLines,
} from './store';
export { removeCartEntriesOfProduct } from './deleted-product';
