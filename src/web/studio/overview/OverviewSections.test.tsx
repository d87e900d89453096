import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Overview } from '../../../shared/analytics';
import { Funnel } from './OverviewSections';

const overview = (funnel: Overview['funnel']) => ({ funnel }) as Overview;
const step = (label: string) => screen.getByText(label).parentElement!.textContent;

describe('the funnel', () => {
  it('says what each share is of, and never shows one over 100% when a step counts more events than the one above', () => {
    render(<Funnel o={overview({ course_views: 40, add_to_cart: 1, checkout_started: 2, paid: 1 })} />);
    expect(step('Course views')).toBe('Course views40');
    expect(step('Add to cart')).toBe('Add to cart1 · 3% of course views');
    expect(step('Checkout started')).toBe('Checkout started2 · more than add to cart');
    expect(step('Paid')).toBe('Paid1 · 50% of checkout started');
    expect(document.body.textContent).not.toMatch(/\b(1\d\d|[2-9]\d\d)%/);
  });

  it('shows no share under a step whose step above counted nothing', () => {
    render(<Funnel o={overview({ course_views: 0, add_to_cart: 0, checkout_started: 0, paid: 0 })} />);
    expect(step('Paid')).toBe('Paid0');
  });
});
