/** The orders domain: orders and their lines (tables orders, order_items), checkout, payment providers. */
export { findOrder, lineKindOf, orderJson, placeOrder, ORDER_MESSAGES, type OrderServiceOptions, type PlaceOrderInput } from './service';
export { TestModePaymentProvider, type PaymentProvider, type PaymentRequest, type PaymentResult } from './payment-provider';
export { registerOwnerOrderRoutes } from './owner-routes';
