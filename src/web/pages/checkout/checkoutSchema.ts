import type { z } from 'zod';
import { billingFields, createOrderBodySchema, type billingFormSchema, type BillingField } from '../../../shared/commerce';
import { quote, toMajor, toMinor, type QuoteCoupon } from '../../../shared/pricing';

export { billingFields, type BillingField };
export type BillingValues = z.input<ReturnType<typeof billingFormSchema>>;

export const emptyBilling: BillingValues = {
  full_name: '',
  email: '',
  phone_number: '',
  address_line_1: '',
  country: '',
  state: '',
  city: '',
  pin_code: '',
  password: '',
};

/** The order's own email rule: a guest's reminder waits until the email would be accepted. */
export const isValidEmail = (value: string) => createOrderBodySchema.shape.email.safeParse(value).success;

/** An applied coupon as the checkout holds it: a percentage, or a fixed amount in the cart's currency (major units). */
export interface CheckoutCoupon extends Pick<QuoteCoupon, 'percentage' | 'courseIds' | 'bundleIds'> {
  amountOff?: number | null | undefined;
}

/**
 * The checkout's discount and total (major units) from the cart's lines (courses bought alone, and each bundle as one
 * line at its price) and the applied coupon: the server's own quote (src/shared/pricing.ts), so the total the buyer
 * sees is the total the server will accept.
 */
export function checkoutTotals(
  items: readonly { course_id: number; country_price: { amount: number } }[],
  coupon: CheckoutCoupon | null | undefined,
  bundles: readonly { bundle_id: number; country_price: { amount: number } }[] = [],
): { discount: number; total: number } {
  const { discount, total } = quote(
    [
      ...items.map((item) => ({ courseId: item.course_id, price: toMinor(item.country_price.amount) })),
      ...bundles.map((bundle) => ({ bundleId: bundle.bundle_id, price: toMinor(bundle.country_price.amount) })),
    ],
    coupon && {
      percentage: coupon.percentage,
      amountOff: coupon.amountOff == null ? null : toMinor(coupon.amountOff),
      courseIds: coupon.courseIds,
      bundleIds: coupon.bundleIds,
    },
  );
  return { discount: toMajor(discount), total: toMajor(total) };
}
