/** The orders domain: orders and their lines (tables orders, order_items), checkout, payment providers. */
export { findOrder, lineKindOf, orderJson, placeOrder, ORDER_MESSAGES, type OrderServiceOptions, type PlaceOrderInput } from './service';
export { TestModePaymentProvider, type PaymentProvider, type PaymentRequest, type PaymentResult, type RefundRequest } from './payment-provider';
export { cancelOrder, fulfilOrder, getOwnerOrder, refundOrder } from './manage';
export { listOwnerOrders } from './order-list';
export { orderTotalsBetween } from './daily-totals';
export { orderLineProducts, type OrderLineProduct } from './line-products';
export { exportOrdersCsv } from './orders-csv';
export { registerOwnerOrderRoutes } from './owner-routes';
