import type { z } from 'zod';
import { applyDiscount, billingFields, createOrderBodySchema, type billingFormSchema, type BillingField } from '../../../shared/commerce';
import { toMajor, toMinor } from '../../../shared/money';

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

/** Discount = total × percentage / 100, the total floored at 0 (spec section 9), computed in minor units like the server. */
export function discountedTotal(subtotal: number, percentage: number): { discount: number; total: number } {
  const { discount, total } = applyDiscount(toMinor(subtotal), Math.max(0, percentage));
  return { discount: toMajor(discount), total: toMajor(total) };
}
