import { render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DataTable } from './tables';

function Orders() {
  const [open, setOpen] = useState(false);
  return (
    <MemoryRouter>
      <DataTable label="Orders" columns={['Order', 'Buyer', ['Total', 'text-end'], <span className="visually-hidden">Details</span>]}>
        <tr>
          <td>LEC-1</td>
          <td>Asha Verma</td>
          <td className="text-end">$49.00</td>
          <td>
            <button type="button" onClick={() => setOpen(true)}>
              Details
            </button>
          </td>
        </tr>
        {open && (
          <tr>
            <td colSpan={4}>Paid by card</td>
          </tr>
        )}
      </DataTable>
    </MemoryRouter>
  );
}

describe('DataTable', () => {
  it("labels each cell with its column's heading, for the cards a phone shows, and keeps the table's roles", async () => {
    render(<Orders />);
    const table = screen.getByRole('table');
    expect(table).toHaveClass('studio-table-stack');
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row!).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.label ?? null)).toEqual(['Order', 'Buyer', 'Total', null]);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);

    // A row drawn later (the expanded details) spans the columns: no heading over it.
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    const details = screen.getByRole('cell', { name: 'Paid by card' });
    expect(details.dataset.label).toBeUndefined();
  });
});
