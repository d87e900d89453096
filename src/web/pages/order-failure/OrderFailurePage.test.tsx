import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import OrderFailurePage, { orNA } from './OrderFailurePage';

function renderAt(query: string) {
  return render(
    <MemoryRouter initialEntries={[`/order/failure/${query}`]}>
      <OrderFailurePage />
    </MemoryRouter>,
  );
}

describe('the failure page', () => {
  it("shows 'N/A' for a missing Payment ID and Order #", () => {
    renderAt('');
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText(/we're sorry/i)).toBeInTheDocument();
    expect(screen.getByTestId('payment-id')).toHaveTextContent(/^N\/A$/);
    expect(screen.getByTestId('order-id')).toHaveTextContent(/^N\/A$/);
    expect(screen.queryByTestId('failure-details')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /order again/i })).toHaveAttribute('href', '/checkout');
  });

  it('shows the ids, and the code, description and reason when present', () => {
    renderAt(
      '?code=card_declined&description=Your%20card%20was%20declined.&source=customer&step=payment_authorization&reason=card_declined&order_id=LEC-20260101-ABCDEF&payment_id=pay_123',
    );
    expect(screen.getByTestId('payment-id')).toHaveTextContent('pay_123');
    expect(screen.getByTestId('order-id')).toHaveTextContent('LEC-20260101-ABCDEF');
    const details = screen.getByTestId('failure-details');
    expect(details).toHaveTextContent('Your card was declined.');
    expect(details).toHaveTextContent('Code: card_declined');
    expect(details).toHaveTextContent('Reason: Card declined');
  });

  it("treats an empty or blank id as missing ('N/A')", () => {
    renderAt('?order_id=LEC-1&payment_id=');
    expect(screen.getByTestId('payment-id')).toHaveTextContent(/^N\/A$/);
    expect(screen.getByTestId('order-id')).toHaveTextContent('LEC-1');
    expect(orNA('  ')).toBe('N/A');
    expect(orNA(null)).toBe('N/A');
    expect(orNA(undefined)).toBe('N/A');
    expect(orNA('pay_1')).toBe('pay_1');
  });
});
