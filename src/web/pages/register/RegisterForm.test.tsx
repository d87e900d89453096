import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountMessages, passwordRules } from '../../../shared/accounts';
import { messages } from '../../../shared/messages';
import { PASSWORD_HELP, RegisterForm, type CaptchaSlotProps } from './RegisterForm';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let registerReply: () => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  registerReply = () => json(201, { user_id: 1, email: 'priya@example.com', full_name: 'Priya Natarajan', username: 'priya', message: 'Account created.' });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/register/') return registerReply();
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** A stand-in captcha: a button that reports a verified token, as the real widget does after its server check. */
function FakeCaptcha({ id, onChange }: CaptchaSlotProps) {
  return (
    <button type="button" id={id} onClick={() => onChange('captcha-token')}>
      Solve captcha
    </button>
  );
}

function renderForm() {
  const onRegistered = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RegisterForm onRegistered={onRegistered} captcha={(props) => <FakeCaptcha {...props} />} />
    </QueryClientProvider>,
  );
  return { user, onRegistered };
}

const registerCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/register/'));

describe('RegisterForm', () => {
  it('shows the helper text and the required messages, and sends nothing', async () => {
    const { user } = renderForm();
    expect(screen.getByText(PASSWORD_HELP)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(accountMessages.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(accountMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(passwordRules[0]!.message)).toBeInTheDocument();
    expect(screen.getByText(messages.captcha.required)).toBeInTheDocument();
    expect(screen.getByText('Please complete the reCAPTCHA verification.')).toBeInTheDocument();
    expect(registerCalls()).toHaveLength(0);
  });

  it('asks for both first and last name', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Full name'), '  Priya  ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter both your first name and last name.')).toBeInTheDocument();
  });

  it('rejects a malformed email', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'priya@example');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  });

  it('checks the password rules in the spec order, showing only the first failure', async () => {
    const { user } = renderForm();
    const password = screen.getByLabelText('Password');
    const cases: [string, string | null][] = [
      ['Ab1!', 'Your password is too short. For your security, it must be at least 8 characters long. Try adding a mix of letters, numbers, and symbols!'],
      ['abcdefg1!', 'Include at least one uppercase letter to make your password stronger.'],
      ['ABCDEFG1!', 'Add some lowercase letters to your password for better security.'],
      ['Abcdefgh!', 'Try including numbers in your password to make it harder to guess.'],
      ['Abcdefgh1', 'Adding symbols like !@#$%^&* will help keep your account safe.'],
      ['Abcdefg1!', null],
    ];
    for (const [value, expected] of cases) {
      await user.clear(password);
      await user.type(password, value);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
      await waitFor(() => {
        const shown = passwordRules.map((rule) => rule.message).filter((message) => screen.queryByText(message));
        expect(shown).toEqual(expected ? [expected] : []);
      });
    }
    expect(registerCalls()).toHaveLength(0);
  });

  it('requires the captcha even when every field is valid', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText('Full name'), 'Priya Natarajan');
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please complete the reCAPTCHA verification.')).toBeInTheDocument();
    expect(registerCalls()).toHaveLength(0);
  });

  it('sends the normalised registration once the captcha is solved, then reports success', async () => {
    let release: () => void = () => undefined;
    registerReply = () =>
      new Promise((resolve) => {
        release = () => resolve(json(201, { user_id: 1, email: 'priya@example.com', full_name: 'Priya Natarajan', username: 'priya', message: 'ok' }));
      });
    const { user, onRegistered } = renderForm();
    await user.type(screen.getByLabelText('Full name'), '  Priya   Natarajan ');
    await user.type(screen.getByLabelText('Email'), '  Priya@Example.COM ');
    await user.type(screen.getByLabelText('Password'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: /Please wait\.\.\./ })).toBeDisabled();
    release();
    await waitFor(() => expect(onRegistered).toHaveBeenCalledTimes(1));
    expect(JSON.parse(registerCalls()[0]![1].body as string)).toEqual({ full_name: 'Priya Natarajan', email: 'priya@example.com', password: 'Secret#2024' });
  });

  it('shows the server email error under the email field', async () => {
    registerReply = () => json(400, { email: ['An account with this email already exists.'] });
    const { user, onRegistered } = renderForm();
    await user.type(screen.getByLabelText('Full name'), 'Priya Natarajan');
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret#2024');
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const error = await screen.findByText('An account with this email already exists.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-describedby', expect.stringContaining(error.id));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('has a password visibility toggle', async () => {
    const { user } = renderForm();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('counts the name against its 120-character limit as it is typed, and refuses a longer one without cutting it (issue 21 item 4)', async () => {
    const { user } = renderForm();
    const name = screen.getByLabelText('Full name') as HTMLInputElement;
    expect(name).not.toHaveAttribute('maxlength');
    fireEvent.change(name, { target: { value: `Priya ${'n'.repeat(80)}` } });
    expect(screen.queryByText(/left of 120/)).toBeNull();
    fireEvent.change(name, { target: { value: `Priya ${'n'.repeat(90)}` } });
    expect(screen.getByText('24 characters left of 120')).toBeInTheDocument();
    expect(name.getAttribute('aria-describedby')).toContain('register-full_name-count');
    const long = `Priya ${'n'.repeat(119)}`;
    fireEvent.change(name, { target: { value: long } });
    expect(name.value).toBe(long);
    expect(screen.getByText('5 characters over the 120-character limit')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Ensure this field has no more than 120 characters.')).toBeInTheDocument();
    expect(registerCalls()).toHaveLength(0);
  });
});
