import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { commerceMessages, couponBodySchema } from '../../../shared/commerce';
import { couponErrorMessage, useApplyCoupon } from '../../api/cart';
import { SubmitButton } from '../../components/form/SubmitButton';

export interface AppliedCoupon {
  code: string;
  percentage: number;
  /** A fixed coupon's amount off in the cart's currency (major units); null for a percentage. */
  amountOff: number | null;
  /** Courses it applies to; null for the whole cart. */
  courseIds: number[] | null;
  /** Bundles it applies to; null when it names none (with courseIds null too: the whole cart). */
  bundleIds?: number[] | null;
}

/** The contract's rule for a code: present after trimming, at most 40 characters ('Invalid or expired coupon'). */
const couponFormSchema = couponBodySchema.pick({ coupon_code: true });

export type CouponMessage = { kind: 'success' | 'error'; text: string } | null;

interface CouponBoxProps {
  cartId: string | undefined;
  applied: AppliedCoupon | null;
  message: CouponMessage;
  onChange: (applied: AppliedCoupon | null, message: CouponMessage) => void;
  disabled?: boolean;
}

/**
 * Not applied → Apply → applied (input locked, the button becomes Remove) → Remove clears the code,
 * the message and the discount. A failure shows the first server error, or 'Invalid or expired
 * coupon', and resets the discount (spec sections 4, 5 and 8).
 */
export function CouponBox({ cartId, applied, message, onChange, disabled }: CouponBoxProps) {
  const applyCoupon = useApplyCoupon();
  const { register, handleSubmit, setValue } = useForm<z.input<typeof couponFormSchema>, unknown, z.output<typeof couponFormSchema>>({
    resolver: zodResolver(couponFormSchema),
    defaultValues: { coupon_code: applied?.code ?? '' },
  });

  const apply = handleSubmit(
    ({ coupon_code }) =>
      applyCoupon.mutate(
        { code: coupon_code, cartId },
        {
          onSuccess: (result) => {
            setValue('coupon_code', result.code);
            onChange(
              {
                code: result.code,
                percentage: result.discount_percentage,
                amountOff: result.discount_type === 'fixed' ? (result.amount_off?.[result.currency] ?? null) : null,
                courseIds: result.course_ids ?? null,
                bundleIds: result.bundle_ids ?? null,
              },
              { kind: 'success', text: result.message },
            );
          },
          onError: (error) => onChange(null, { kind: 'error', text: couponErrorMessage(error, commerceMessages.couponInvalid) }),
        },
      ),
    // The rule's message shows where the server's would, and a failed check resets the discount.
    (invalid) => onChange(null, { kind: 'error', text: invalid.coupon_code?.message ?? commerceMessages.couponInvalid }),
  );

  const remove = () => {
    setValue('coupon_code', '');
    onChange(null, null);
  };

  return (
    <form className="coupon-box" onSubmit={(event) => void apply(event)} noValidate>
      <label htmlFor="coupon-code" className="form-label small fw-semibold">
        Coupon code
      </label>
      <div className="input-group">
        <span className="input-group-text bg-white" aria-hidden="true">
          <i className="bi bi-ticket-perforated" />
        </span>
        <input
          id="coupon-code"
          className={`form-control coupon-input${message?.kind === 'error' ? ' is-invalid' : ''}`}
          placeholder="Enter coupon code"
          autoComplete="off"
          readOnly={Boolean(applied)}
          aria-describedby={message ? 'coupon-message' : undefined}
          aria-invalid={message?.kind === 'error' ? true : undefined}
          {...register('coupon_code', {
            onChange: () => {
              if (message?.kind === 'error') onChange(null, null);
            },
          })}
        />
        {applied ? (
          <button type="button" className="btn btn-outline-danger" onClick={remove} disabled={disabled}>
            Remove
          </button>
        ) : (
          <SubmitButton className="btn btn-outline-primary" busy={applyCoupon.isPending} disabled={disabled}>
            Apply
          </SubmitButton>
        )}
      </div>
      {message && (
        <p
          id="coupon-message"
          className={`small mt-2 mb-0 ${message.kind === 'error' ? 'text-danger' : 'text-success'}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          <i className={`bi ${message.kind === 'error' ? 'bi-exclamation-circle' : 'bi-check-circle'} me-1`} aria-hidden="true" />
          {message.text}
        </p>
      )}
    </form>
  );
}
