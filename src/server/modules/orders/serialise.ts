// The spec's response shapes of an order (order history, order details, the success page's
// confirmation), built from the service's domain values in one place.
import type { CreateOrderResponse, OrderConfirmation, OrderHistoryItem } from '../../../shared/commerce.js';
import { refundLeft, toMajor } from '../../../shared/pricing.js';
import { formatPersonName } from '../../../shared/text.js';
import type { CreatedOrder, OrderRecord } from './service.js';

type OrderRow = OrderRecord['order'];

/** The buyer's address on one line, country last, as the order pages, the studio and the checkout answer show it. */
export const addressLine = (order: Pick<OrderRow, 'addressLine1' | 'city' | 'state' | 'pinCode' | 'country'>) =>
  [order.addressLine1, order.city, order.state, order.pinCode, order.country].filter(Boolean).join(', ');

/** POST /order/'s answer: the order, and the provider checkout to open (or the guest's tokens). */
export function createdOrderView({ order, orderStatus, tokens, stripeSession, razorpayOrder }: CreatedOrder): CreateOrderResponse {
  return {
    order_number: order.orderNumber,
    payment_method: order.paymentMethod,
    order_status: orderStatus,
    currency: order.currency,
    total: toMajor(order.total),
    full_name: formatPersonName(order.fullName),
    email: order.email,
    phone_number: order.phoneNumber,
    address: addressLine(order),
    tokens,
    rzp_order: razorpayOrder,
    stripe_session_id: stripeSession?.id ?? null,
    checkout_url: stripeSession?.url ?? null,
  };
}

export function orderView({ order, items, transactionId, refunds }: OrderRecord): OrderHistoryItem {
  // The buyer sees the refunds made (not an attempt the provider refused, nor one still waiting for its answer).
  const made = refunds.filter((r) => r.status === 'succeeded');
  return {
    order_number: order.orderNumber,
    order_date: order.createdAt.toISOString(),
    order_status: order.status,
    payment_method: order.paymentMethod,
    currency: order.currency,
    subtotal: toMajor(order.subtotal),
    discount: toMajor(order.discount),
    total: toMajor(order.total),
    coupon: order.couponCode,
    transaction_id: transactionId,
    full_name: formatPersonName(order.fullName),
    address: addressLine(order),
    phone_number: order.phoneNumber,
    email: order.email,
    order_items: items.map((i) => ({
      id: i.id,
      price: toMajor(i.price),
      bundle: i.bundle,
      course: { id: i.courseId, title: i.title, slug: i.slug, course_image: i.courseImage, currency_code: order.currency },
    })),
    refunds: made.map((r) => ({ amount: toMajor(r.amount), reason: r.reason, refunded_at: (r.refundedAt ?? r.createdAt).toISOString() })),
    net_paid: toMajor(refundLeft(order.total, made)),
  };
}

/** The success page's summary: 'N/A' where the spec shows it for a missing payment id or coupon. */
export function orderConfirmationView(record: OrderRecord): OrderConfirmation {
  const order = orderView(record);
  return {
    order_items: order.order_items,
    order_details: {
      transaction_id: order.transaction_id ?? 'N/A',
      order_number: order.order_number,
      total_paid: order.total,
      currency: order.currency,
      coupon: order.coupon ?? 'N/A',
      order_status: order.order_status,
      payment_method: order.payment_method,
    },
  };
}
