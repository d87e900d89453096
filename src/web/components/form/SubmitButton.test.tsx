import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './SubmitButton';

describe('SubmitButton', () => {
  it("is disabled in the server's HTML, so a tap or a native submit before hydration is not lost", () => {
    const html = renderToString(<SubmitButton busy={false}>Send message</SubmitButton>);
    expect(html).toMatch(/<button[^>]* disabled=""/);
  });

  it('may be pressed once the browser renders it, and not while busy', () => {
    const { rerender } = render(<SubmitButton busy={false}>Send message</SubmitButton>);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
    rerender(
      <SubmitButton busy busyLabel="Sending...">
        Send message
      </SubmitButton>,
    );
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sending...' })).toHaveAttribute('aria-busy', 'true');
  });
});
