// The orders module's public surface (checkout, payments, fulfilment: decision 0005): the only file other modules may import.
export type { OrdersPageOptions } from './queries.js';
export { listOrdersPage } from './service.js';
export {
  checkoutContactOfUser,
  refundOrder,
  studioOrder,
  studioOrdersCsv,
  studioOrdersOfUser,
  studioOrdersPage,
  studioProviderEvent,
  studioProviderEvents,
} from './studio.js';
export { replayProviderEvent } from './payments.js';
export { courseSales, orderMoneyByDay, recoveredOrders } from './overview.js';
export { createStudioCoupon, deleteStudioCoupon, getStudioCoupon, getStudioCouponDetail, listStudioCoupons, updateStudioCoupon } from './coupon-studio.js';
