/** The orders domain: orders and their lines (tables orders, order_items), checkout, payment providers. */
export { findOrder, lineKindOf, orderJson, placeOrder, ORDER_MESSAGES, type OrderServiceOptions, type PlaceOrderInput } from './service';
export { TestModePaymentProvider, type PaymentProvider, type PaymentRequest, type PaymentResult, type RefundRequest } from './payment-provider';
export { cancelOrder, fulfilOrder, getOwnerOrder, refundOrder } from './manage';
export { listOwnerOrders } from './order-list';
export { orderTotalsBetween } from './daily-totals';
export { orderLineProducts, type OrderLineProduct } from './line-products';
export { exportOrdersCsv } from './orders-csv';
export { registerOwnerOrderRoutes } from './owner-routes';
export { recordRenewalOrder, renewalOrderRecorder, renewalOutOfStockMessage } from './renewal-order';
export { TEST_DECLINE_EMAIL, type RenewalRequest } from './payment-provider';
export { PAYMENT_DECLINED_MESSAGE, type RefundResult } from './payment-provider';
export {
  failPendingOrder, failPendingOrderIn, findPaymentOrder, markOrderPaid, markOrderPaidIn, PAYMENT_LIFECYCLE_NOTES, resumePendingPayment,
  type MarkPaidOutcome, type FailOutcome, type PaymentTarget, type PendingPaymentResumer,
} from './payment-lifecycle';
export { PaymentExpiryJob, expireNextPendingPayment, type PendingPaymentCanceller, type PendingPaymentOutcome, type PaymentExpiryJobOptions } from './payment-lifecycle-expiry';
export type { PaidOrderContext } from './paid';
export { completeReturnedPayment, type PendingPaymentLookup, type ReturnedPaymentOutcome, type ReturnedPaymentState } from './returned-payment';
export { unitsSoldByProduct } from './best-selling';
export { createFulfilment } from './fulfilments';
export { approveReturn, declineReturn, getShopperReturns, receiveReturn, refundReturn, requestReturn, returnAmountCents } from './returns';
export { packingSlipHtml } from './packing-slip';
export { DEFAULT_MANUAL_PAYMENT_EXPIRY_DAYS, MANUAL_PAYMENT_MESSAGES, manualPaymentOf, markManualOrderPaid, type ManualPaymentMethod } from './manual-payment';
export { MANUAL_PAYMENT_PROVIDER } from './payment-provider';
export { returnSectionOf, RETURN_FORM_PATH, type ReturnSectionView } from './return-page';
export { registerFulfilmentRoutes } from './fulfilment-routes';
export { releaseOrderLinesOfProduct } from './deleted-product';
