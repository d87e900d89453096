import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { useStudioSubmit } from './useStudioSubmit';

type Values = { title: string; slug: string };

function Form({ save }: { save: (values: Values) => Promise<void> }) {
  const form = useForm<Values>({ defaultValues: { title: 'Intro', slug: 'intro' } });
  const { formError, clearFormError, submit } = useStudioSubmit(form, ['slug', 'title'], save);
  const { errors } = form.formState;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {formError && <p role="alert">{formError}</p>}
      <input aria-label="Title" {...form.register('title')} />
      <p>{errors.title?.message}</p>
      <input aria-label="Slug" {...form.register('slug')} />
      <p>{errors.slug?.message}</p>
      <button type="submit">Save</button>
      <button type="button" onClick={clearFormError}>
        Dismiss
      </button>
    </form>
  );
}

describe('useStudioSubmit', () => {
  it('saves the values', async () => {
    const save = vi.fn(() => Promise.resolve());
    render(<Form save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ title: 'Intro', slug: 'intro' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("puts a 400's field errors under the form's fields, focuses the first and shows no form error", async () => {
    const save = vi.fn(() => Promise.reject(new ApiError(400, { title: ['Too long.'], slug: ['Taken.'], other: ['Not a field here.'] })));
    render(<Form save={save} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Taken.')).toBeInTheDocument();
    expect(screen.getByText('Too long.')).toBeInTheDocument();
    expect(screen.getByLabelText('Slug')).toHaveFocus();
    expect(screen.queryByText('Not a field here.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other failure above the form; the next successful save clears it', async () => {
    const save = vi
      .fn<(values: Values) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(400, { detail: 'This course is archived.' }))
      .mockRejectedValueOnce(new ApiError(503, null))
      .mockResolvedValueOnce(undefined);
    render(<Form save={save} />);
    const saveButton = screen.getByRole('button', { name: 'Save' });

    await userEvent.click(saveButton);
    expect(await screen.findByRole('alert')).toHaveTextContent('This course is archived.');
    await userEvent.click(saveButton);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not do this just now. Try again in a moment.');
    await userEvent.click(saveButton);
    expect(save).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('clearFormError hides the form error', async () => {
    render(<Form save={() => Promise.reject(new Error('offline'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('offline');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
