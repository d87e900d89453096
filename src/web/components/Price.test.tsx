import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CountryPrice } from '../../shared/catalog';
import { Price } from './Price';

const usd = (amount: number, regular = amount): CountryPrice => ({ amount, regular_amount: regular, symbol: '$', country: 'US', currency: 'USD' });

describe('Price', () => {
  it('shows whole amounts without decimals', () => {
    render(<Price price={usd(49)} />);
    expect(screen.getByText('$49')).toBeInTheDocument();
    expect(screen.queryByText('$49.00')).not.toBeInTheDocument();
  });

  it('keeps two decimals for fractional amounts', () => {
    render(<Price price={usd(49.99)} />);
    expect(screen.getByText('$49.99')).toBeInTheDocument();
  });

  it('groups rupees the Indian way', () => {
    render(<Price price={{ amount: 3499, regular_amount: 3499, symbol: '₹', country: 'IN', currency: 'INR' }} />);
    expect(screen.getByText('₹3,499')).toBeInTheDocument();
  });

  it('shows Free for a free course', () => {
    render(<Price price={usd(0)} free />);
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.queryByText('$0')).not.toBeInTheDocument();
  });

  it('strikes through the regular price when discounted', () => {
    render(<Price price={usd(49, 99)} />);
    expect(screen.getByText('$49')).toBeInTheDocument();
    const regular = screen.getByText('$99');
    expect(regular.tagName).toBe('S');
  });

  it('shows no struck-through price without a discount', () => {
    const { container } = render(<Price price={usd(49)} />);
    expect(container.querySelector('s')).toBeNull();
  });
});
