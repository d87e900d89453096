import { z } from 'zod';
import { firstPasswordError } from '../../../shared/accounts';
import { applyDiscount, commerceMessages } from '../../../shared/commerce';
import { toMajor, toMinor } from '../../../shared/money';

export const billingFields = ['full_name', 'email', 'phone_number', 'address_line_1', 'country', 'state', 'city', 'pin_code', 'password'] as const;
export type BillingField = (typeof billingFields)[number];
export type BillingValues = Record<BillingField, string>;

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

const emailFormat = z.email();
export const isValidEmail = (value: string) => emailFormat.safeParse(value.trim()).success;

/**
 * The checkout rules (spec section 5): every field is required ('This field is required.' when empty
 * or blank), the email must look like one, and a guest also chooses a password (the account rules).
 */
export function billingSchema(guest: boolean) {
  return z
    .object({
      full_name: z.string(),
      email: z.string(),
      phone_number: z.string(),
      address_line_1: z.string(),
      country: z.string(),
      state: z.string(),
      city: z.string(),
      pin_code: z.string(),
      password: z.string(),
    })
    .superRefine((values, ctx) => {
      for (const field of billingFields) {
        if (field === 'password' && !guest) continue;
        if (!values[field].trim()) ctx.addIssue({ code: 'custom', path: [field], message: commerceMessages.required });
      }
      if (values.email.trim() && !isValidEmail(values.email)) ctx.addIssue({ code: 'custom', path: ['email'], message: commerceMessages.emailInvalid });
      if (guest && values.password.trim()) {
        const passwordError = firstPasswordError(values.password);
        if (passwordError) ctx.addIssue({ code: 'custom', path: ['password'], message: passwordError });
      }
    });
}

/** Discount = total × percentage / 100, the total floored at 0 (spec section 9), computed in minor units like the server. */
export function discountedTotal(subtotal: number, percentage: number): { discount: number; total: number } {
  const { discount, total } = applyDiscount(toMinor(subtotal), Math.max(0, percentage));
  return { discount: toMajor(discount), total: toMajor(total) };
}
