import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type MouseEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FEEDBACK_MAX, projectMessages, reviewBodySchema, type AdminSubmission, type ReviewDecision } from '../../../shared/projects';
import { useReviewSubmission } from '../../api/adminProjects';
import { formFields, TextAreaField } from '../../components/form/Field';
import { FormAlert } from '../../components/form/FormAlert';
import { SubmitButton } from '../../components/form/SubmitButton';
import { notify } from '../components/notify';
import { useStudioSubmit } from '../components/useStudioSubmit';

type Values = z.input<typeof reviewBodySchema>;

const decisionButtons: { decision: ReviewDecision; label: string; busy: string; className: string; icon: string; done: string }[] = [
  {
    decision: 'approved',
    label: 'Approve',
    busy: 'Approving...',
    className: 'btn btn-success',
    icon: 'bi-patch-check',
    done: 'Approved: the letter is issued.',
  },
  {
    decision: 'changes_requested',
    label: 'Request changes',
    busy: 'Sending...',
    className: 'btn btn-warning',
    icon: 'bi-pencil-square',
    done: 'Changes requested: the student is emailed.',
  },
  { decision: 'rejected', label: 'Not approved', busy: 'Sending...', className: 'btn btn-outline-danger', icon: 'bi-x-circle', done: 'Marked not approved.' },
];

/** Each criterion met or not yet (with a comment), the overall feedback, and the decision: Approve, Request changes, Not approved. */
export function ReviewForm({ submission }: { submission: AdminSubmission }) {
  const review = useReviewSubmission(submission.id);
  const form = useForm<Values, unknown, z.output<typeof reviewBodySchema>>({
    resolver: zodResolver(reviewBodySchema),
    defaultValues: { decision: 'changes_requested', feedback: '', criteria: submission.criteria.map((criterion) => ({ criterion, met: false, comment: '' })) },
  });
  const {
    register,
    setValue,
    watch,
    formState: { isSubmitting },
  } = form;
  const field = formFields(form, 'review');
  const [pressed, setPressed] = useState<ReviewDecision | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const { formError, submit } = useStudioSubmit(form, ['feedback', 'criteria'], async (values) => {
    await review.mutateAsync(values);
    notify(decisionButtons.find((b) => b.decision === values.decision)!.done);
  });
  const criteria = watch('criteria') ?? [];
  const allMet = criteria.length > 0 && criteria.every((c) => c.met);

  const decide = (decision: ReviewDecision) => (event: MouseEvent) => {
    setBlocked(null);
    // The server refuses these too (and says the same): asked here, nothing is sent.
    if (decision === 'approved' && !allMet) {
      event.preventDefault();
      setBlocked(projectMessages.approvalNeedsEveryCriterion);
      return;
    }
    if (decision !== 'approved' && !String(watch('feedback') ?? '').trim()) {
      event.preventDefault();
      setBlocked(projectMessages.feedbackRequired);
      form.setFocus('feedback');
      return;
    }
    setValue('decision', decision);
    setPressed(decision);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="review-form-title" className="studio-card p-3 p-md-4">
      <h2 id="review-form-title" className="h5 mb-3">
        Your review
      </h2>
      {formError && <FormAlert kind="error">{formError}</FormAlert>}
      {blocked && <FormAlert kind="error">{blocked}</FormAlert>}
      <ol className="list-unstyled d-flex flex-column gap-3 mb-4">
        {submission.criteria.map((criterion, index) => {
          const met = criteria[index]?.met ?? false;
          const name = `review-criterion-${index}`;
          return (
            <li key={criterion} className="border rounded p-3">
              <fieldset>
                <legend className="fs-6 fw-semibold mb-2">{criterion}</legend>
                <div className="btn-group mb-2" role="radiogroup" aria-label={`${criterion}: met or not yet`}>
                  <input
                    type="radio"
                    className="btn-check"
                    id={`${name}-met`}
                    name={name}
                    checked={met}
                    onChange={() => setValue(`criteria.${index}.met`, true, { shouldDirty: true })}
                  />
                  <label className="btn btn-sm btn-outline-success" htmlFor={`${name}-met`}>
                    <i className="bi bi-check-lg me-1" aria-hidden="true" />
                    Met
                  </label>
                  <input
                    type="radio"
                    className="btn-check"
                    id={`${name}-not-yet`}
                    name={name}
                    checked={!met}
                    onChange={() => setValue(`criteria.${index}.met`, false, { shouldDirty: true })}
                  />
                  <label className="btn btn-sm btn-outline-warning" htmlFor={`${name}-not-yet`}>
                    Not yet
                  </label>
                </div>
                <label htmlFor={`${name}-comment`} className="visually-hidden">
                  Comment on {criterion}
                </label>
                <textarea
                  id={`${name}-comment`}
                  className="form-control form-control-sm"
                  rows={2}
                  placeholder="A comment on this criterion (optional)"
                  {...register(`criteria.${index}.comment`)}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <TextAreaField
        label="Overall feedback"
        rows={5}
        counter={{ value: String(watch('feedback') ?? ''), max: FEEDBACK_MAX }}
        hint="The student reads this with the decision (required to request changes or to refuse)."
        wrapperClassName="mb-4"
        {...field('feedback')}
      />
      <div className="d-flex flex-wrap gap-2">
        {decisionButtons.map((b) => (
          <SubmitButton
            key={b.decision}
            busy={isSubmitting && pressed === b.decision}
            disabled={isSubmitting}
            busyLabel={b.busy}
            icon={b.icon}
            className={b.className}
            onClick={decide(b.decision)}
          >
            {b.label}
          </SubmitButton>
        ))}
      </div>
    </form>
  );
}
