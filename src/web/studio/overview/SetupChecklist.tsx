import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SiteSettings } from '../../../shared/admin';
import { adminQueries } from '../../api/admin';

/** What a new studio sets before its first sale; each step is done once its setting has a value. */
const steps: { field: keyof Omit<SiteSettings, 'sources'>; label: string; why: string }[] = [
  { field: 'seller_legal_name', label: 'Your legal name', why: 'printed as the seller on every invoice (until then, invoices name the site)' },
  { field: 'seller_address', label: 'Your business address', why: 'printed under the seller on every invoice' },
];

/**
 * The studio's first-run checklist on the Overview: the legal details an invoice needs, asked for
 * before the first sale. Shown while any is missing; gone once all are set (in Settings or the environment).
 * (The support address is not asked for: until one is set, the site shows the first admin's.)
 */
export function SetupChecklist() {
  const { data: settings } = useQuery(adminQueries.settings());
  if (!settings) return null;
  const missing = steps.filter((s) => !settings[s.field]);
  if (missing.length === 0) return null;
  return (
    <section className="studio-card p-3 mb-3 border-warning" aria-labelledby="setup-checklist-title">
      <h2 className="h6 mb-1" id="setup-checklist-title">
        Before your first sale
      </h2>
      <p className="small text-body-secondary mb-2">Invoices carry your legal details. Add them once in Settings.</p>
      <ul className="list-unstyled mb-2 small">
        {steps.map((step) => {
          const done = Boolean(settings[step.field]);
          return (
            <li key={step.field} className="d-flex gap-2 mb-1">
              <i className={`bi ${done ? 'bi-check-circle-fill text-success' : 'bi-circle text-body-secondary'}`} aria-hidden="true" />
              <span>
                <span className={done ? 'text-body-secondary' : 'fw-semibold'}>{step.label}</span>
                <span className="visually-hidden">{done ? ' (done)' : ' (to do)'}</span>
                <span className="text-body-secondary">: {step.why}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <Link to="/admin/settings" className="btn btn-sm btn-primary">
        Add your legal details
      </Link>
    </section>
  );
}
