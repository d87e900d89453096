import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { CourseDetail } from '../../../shared/catalog';
import { formatPrice } from '../../../shared/money';
import { useAddToCart } from '../../api/cart';
import { useFreeEnroll } from '../../api/learning';
import { AddToCartButton } from '../../components/AddToCartButton';
import { SubmitButton } from '../../components/form/SubmitButton';
import { formatAvailableOn } from '../../lib/release';

/** 'Buy this course': into the cart, then straight to the checkout. */
function BuyCourseButton({ course }: { course: Pick<CourseDetail, 'id' | 'country_price'> }) {
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const [busy, setBusy] = useState(false);
  const price = course.country_price;
  const buy = async () => {
    setBusy(true);
    try {
      await addToCart.mutateAsync(course.id);
      void navigate('/checkout');
    } catch {
      setBusy(false);
      toast.error('Could not add the course to your cart. Please try again.');
    }
  };
  return (
    <SubmitButton type="button" className="btn btn-accent" busy={busy} busyLabel="Please wait..." icon="bi-bag-check" onClick={() => void buy()}>
      Buy this course · {formatPrice(price.amount, price.symbol, price.currency)}
    </SubmitButton>
  );
}

function EnrolFreeButton({ course, loggedIn }: { course: Pick<CourseDetail, 'id' | 'slug'>; loggedIn: boolean }) {
  const navigate = useNavigate();
  const enrol = useFreeEnroll();
  const onClick = () => {
    if (!loggedIn) {
      void navigate('/login');
      return;
    }
    enrol.mutate({ id: course.id, slug: course.slug }, { onError: () => toast.error('Could not enrol you. Please try again.') });
  };
  return (
    <SubmitButton type="button" className="btn btn-accent" busy={enrol.isPending} busyLabel="Please wait..." icon="bi-unlock" onClick={onClick}>
      Enrol for free
    </SubmitButton>
  );
}

/** A lesson the course's drip schedule still holds back for this student: when it opens, nothing to buy. */
function DrippedPanel({ availableAt }: { availableAt: string }) {
  return (
    <section className="lesson-locked" aria-labelledby="lesson-locked-title" data-testid="dripped-panel">
      <div className="lesson-locked-inner">
        <span className="lesson-locked-icon" aria-hidden="true">
          <i className="bi bi-calendar-event" />
        </span>
        <h2 id="lesson-locked-title" className="h4 mb-2">
          Available on {formatAvailableOn(availableAt)}
        </h2>
        <p className="lesson-locked-text mb-0">This lesson opens on that day. We will email you when it does.</p>
      </div>
    </section>
  );
}

/**
 * Shown instead of the player for a lesson the server says the viewer may not open: the course's
 * own way in (buy or add to cart for a paid course, free enrolment for a free one) and the
 * membership, which opens every course.
 */
export function LockedPanel({ loggedIn, course, availableAt = null }: { loggedIn: boolean; course: CourseDetail; availableAt?: string | null }) {
  if (availableAt) return <DrippedPanel availableAt={availableAt} />;
  const paid = course.course_type === 'paid';
  const member = course.access === 'membership';
  return (
    <section className="lesson-locked" aria-labelledby="lesson-locked-title" data-testid="locked-panel">
      <div className="lesson-locked-inner">
        <span className="lesson-locked-icon" aria-hidden="true">
          <i className="bi bi-lock-fill" />
        </span>
        <h2 id="lesson-locked-title" className="h4 mb-2">
          Premium Video Locked
        </h2>
        <p className="lesson-locked-text mb-3">
          This lecture is exclusive to members.{' '}
          {paid ? 'Buy this course, or join a membership plan to watch every lesson of every course.' : 'Enrol for free to watch every lesson.'}
        </p>
        {!loggedIn && (
          <p className="lesson-locked-text small mb-3">
            Already a member? Then <Link to="/login">you&apos;ll need to login</Link> to watch it.
          </p>
        )}
        <div className="d-flex flex-wrap justify-content-center gap-2 lesson-locked-actions">
          {paid ? (
            <>
              <BuyCourseButton course={course} />
              <AddToCartButton course={course} className="btn btn-outline-light" />
            </>
          ) : (
            <EnrolFreeButton course={course} loggedIn={loggedIn} />
          )}
        </div>
        {!member && (
          <p className="lesson-locked-text small mt-3 mb-0">
            <i className="bi bi-gem me-1" aria-hidden="true" />
            Or get every course with a membership: <Link to="/subscribe?scrollTo=plans">See membership plans</Link>
          </p>
        )}
      </div>
    </section>
  );
}
