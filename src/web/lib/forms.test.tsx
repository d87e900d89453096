import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { showServerFieldErrors } from './forms';

type Values = { email: string; password: string };

function Form({ error, shown }: { error: unknown; shown: string[] }) {
  const {
    register,
    setError,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { email: '', password: '' } });
  useEffect(() => {
    shown.push(...showServerFieldErrors(error, setError, ['email', 'password']));
  }, [error, setError, shown]);
  return (
    <form>
      <input aria-label="Email" {...register('email')} />
      <input aria-label="Password" {...register('password')} />
      <p>{errors.email?.message}</p>
      <p>{errors.password?.message}</p>
    </form>
  );
}

function shown(error: unknown): string[] {
  const fields: string[] = [];
  const { unmount } = render(<Form error={error} shown={fields} />);
  const texts = screen.queryAllByText(/./).map((node) => node.textContent);
  unmount();
  return [...new Set(fields), ...texts];
}

describe('showServerFieldErrors', () => {
  it("puts a 400's { field: [messages] } under the form's fields and focuses the first", () => {
    const fields: string[] = [];
    render(<Form error={new ApiError(400, { password: ['Too short.'], email: ['Taken.', 'Second.'], captcha: ['Ignored here.'] })} shown={fields} />);
    expect([...new Set(fields)]).toEqual(['email', 'password']);
    expect(screen.getByText('Taken.')).toBeInTheDocument();
    expect(screen.getByText('Too short.')).toBeInTheDocument();
    expect(screen.queryByText('Ignored here.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('leaves other failures to the caller', () => {
    expect(shown(new ApiError(500, { email: ['Taken.'] }))).toEqual([]);
    expect(shown(new ApiError(400, { detail: 'Bad request.' }))).toEqual([]);
    expect(shown(new Error('offline'))).toEqual([]);
  });
});
