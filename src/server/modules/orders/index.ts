// The orders module's public surface (checkout, payments, fulfilment: decision 0005): the only file other modules may import.
export type { OrdersPageOptions } from './queries.js';
export { listOrdersPage } from './service.js';
export { refundOrder, type RefundAudit, type RefundRequest } from './refunds.js';
export {
  checkoutContactOfUser,
  studioOrder,
  studioOrdersCsv,
  studioOrdersOfUser,
  studioOrdersPage,
  studioProviderEvent,
  studioProviderEvents,
} from './studio.js';
// The payments log's claim and the order side of the providers' events, for the webhook router (modules/webhooks).
export { handleRazorpayOrderEvent, handleStripeOrderEvent, processEventOnce, storedProviderEvent } from './payments.js';
export type { OrderDeps } from './service.js';
export { courseSales, orderMoneyByDay, recoveredOrders } from './overview.js';
export { createStudioCoupon, deleteStudioCoupon, getStudioCoupon, getStudioCouponDetail, listStudioCoupons, updateStudioCoupon } from './coupon-studio.js';
// What the studio's first start asks: the demo content an order names, and the providers' last webhooks.
export { bundleSales, bundlesWithOrders, coursesWithOrders, deleteDemoCoupons, demoCoupons, lastWebhookAt, usersWithOrders } from './demo.js';
