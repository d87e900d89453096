import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface BreadcrumbProps {
  /** The pages above this one, from Home down. */
  trail: { label: string; to: string }[];
  /** This page (aria-current="page"). */
  current: ReactNode;
  /** Classes of the list ('mb-3', 'small mb-2'). */
  className?: string;
  /** Classes of the current item (e.g. hidden on phones when the page title repeats it). */
  currentClassName?: string;
}

/** The breadcrumb trail at the top of a page. */
export function Breadcrumb({ trail, current, className = 'mb-3', currentClassName = '' }: BreadcrumbProps) {
  return (
    <nav aria-label="breadcrumb">
      <ol className={`breadcrumb ${className}`}>
        {trail.map((crumb) => (
          <li key={crumb.to} className="breadcrumb-item">
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
        <li className={`breadcrumb-item active ${currentClassName}`.trim()} aria-current="page">
          {current}
        </li>
      </ol>
    </nav>
  );
}
