import type { AdminPlan } from '../../../shared/plans';
import { useSetPlanOn } from '../../api/adminPlans';
import { notify } from '../components/notify';
import { useConfirm } from '../components/ui';

/** Puts a plan on sale or takes it off, after asking: off, it leaves the storefront at once; members keep it. */
export function PlanOnOffButton({ plan, size }: { plan: AdminPlan; size?: 'sm' }) {
  const toggle = useSetPlanOn();
  const { ask, dialog } = useConfirm();
  const members = `${plan.members} current member${plan.members === 1 ? '' : 's'}`;
  const onClick = () =>
    plan.is_active
      ? ask(
          {
            title: `Turn off "${plan.name}"?`,
            body: (
              <p className="mb-0">
                It leaves the subscribe page at once and nobody can buy it. {plan.members === 1 ? `Its ${members} keeps it` : `Its ${members} keep it`},
                renewals included. You can turn it on again.
              </p>
            ),
            confirmLabel: 'Turn off',
            busyLabel: 'Turning off...',
            variant: 'danger',
          },
          async () => {
            await toggle.mutateAsync({ id: plan.id, on: false });
            notify(`"${plan.name}" is off the storefront.`);
          },
        )
      : ask(
          {
            title: `Put "${plan.name}" on sale?`,
            body: <p className="mb-0">It appears on the subscribe page at once, at the prices shown here.</p>,
            confirmLabel: 'Turn on',
            busyLabel: 'Turning on...',
            variant: 'primary',
          },
          async () => {
            await toggle.mutateAsync({ id: plan.id, on: true });
            notify(`"${plan.name}" is on sale.`);
          },
        );
  return (
    <>
      <button
        type="button"
        className={`btn ${plan.is_active ? 'btn-outline-danger' : 'btn-outline-success'}${size ? ` btn-${size}` : ''}`}
        onClick={onClick}
        aria-label={`${plan.is_active ? 'Turn off' : 'Turn on'} ${plan.name}`}
      >
        <i className={`bi ${plan.is_active ? 'bi-pause-circle' : 'bi-play-circle'} me-1`} aria-hidden="true" />
        {plan.is_active ? 'Turn off' : 'Turn on'}
      </button>
      {dialog}
    </>
  );
}
