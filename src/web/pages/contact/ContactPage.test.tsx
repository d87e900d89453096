import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactFormSchema, normalizeContactRole as toApiRole } from '../../../shared/site';
import { ContactForm, type CaptchaSlotProps } from './ContactForm';
import ContactPage from './ContactPage';

const siteConfig = {
  country: 'IN',
  currency: 'INR',
  captcha: { provider: 'altcha', site_key: null },
  google_client_id: null,
  community_url: 'https://discord.gg/example',
  support_email: 'support@example.test',
};

type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
let contactReply: () => Reply;
let fetchMock: ReturnType<typeof vi.fn>;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  contactReply = () => ({ status: 200, body: { message: 'Thanks! We will reply soon.' } });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/site-config/') return json(200, siteConfig);
    if (path === '/api/v1/contact/') {
      const reply = await contactReply();
      return json(reply.status, reply.body);
    }
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Stands in for the real captcha: one click "solves" it. */
function fakeCaptcha({ id, onChange, describedBy }: CaptchaSlotProps) {
  return (
    <button type="button" id={id} aria-describedby={describedBy} onClick={() => onChange('captcha-token')}>
      Solve captcha
    </button>
  );
}

function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function setup() {
  const user = userEvent.setup();
  renderWithProviders(<ContactForm captcha={fakeCaptcha} />);
  const field = {
    name: () => screen.getByLabelText('Your name'),
    email: () => screen.getByLabelText('Email address'),
    role: () => screen.getByLabelText('Your role'),
    specify: () => screen.queryByLabelText('Please specify'),
    message: () => screen.getByLabelText('Message'),
  };
  const submit = () => user.click(screen.getByRole('button', { name: /send message/i }));
  const contactCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/contact/'));
  return { user, field, submit, contactCalls };
}

/** The message shown under a field, found through its aria-describedby. */
function errorOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function fillValid(ctx: ReturnType<typeof setup>, role = 'student') {
  await ctx.user.type(ctx.field.name(), 'Asha Verma');
  await ctx.user.type(ctx.field.email(), 'asha@example.com');
  await ctx.user.selectOptions(ctx.field.role(), role);
  await ctx.user.type(ctx.field.message(), 'When does the Django course get new lessons?');
  await ctx.user.click(screen.getByRole('button', { name: 'Solve captcha' }));
}

describe('contact form validation', () => {
  it('shows every required-field message on an empty submit and sends nothing', async () => {
    const ctx = setup();
    await ctx.submit();

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a role')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByText('Please complete the reCAPTCHA verification.')).toBeInTheDocument();
    expect(ctx.contactCalls()).toHaveLength(0);
  });

  it('links each error to its field with aria-invalid and aria-describedby', async () => {
    const ctx = setup();
    await ctx.submit();
    await screen.findByText('Name is required');

    expect(ctx.field.name()).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(ctx.field.name())).toBe('Name is required');
    expect(errorOf(ctx.field.email())).toBe('Email is required');
    expect(errorOf(ctx.field.role())).toBe('Please select a role');
    expect(errorOf(ctx.field.message())).toBe('Message is required');
  });

  it('rejects a malformed email with "Enter a valid email address"', async () => {
    const ctx = setup();
    await ctx.user.type(ctx.field.email(), 'asha@');
    await ctx.submit();
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
  });

  it('offers the three roles behind a "Select your role" placeholder', () => {
    const ctx = setup();
    const options = within(ctx.field.role())
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Select your role', 'Student', 'Client / Business Owner', 'Other']);
  });

  it('Student: the message is required with "Message is required"', async () => {
    const ctx = setup();
    await ctx.user.selectOptions(ctx.field.role(), 'student');
    await ctx.submit();
    expect(await screen.findByText('Message is required')).toBeInTheDocument();
    expect(screen.queryByText('Please describe your project or idea')).not.toBeInTheDocument();
  });

  it('Client (option value): the message is required with "Please describe your project or idea"', async () => {
    const ctx = setup();
    await ctx.user.selectOptions(ctx.field.role(), 'Client / Business Owner');
    await ctx.submit();
    expect(await screen.findByText('Please describe your project or idea')).toBeInTheDocument();
    expect(screen.queryByText('Message is required')).not.toBeInTheDocument();
  });

  it('Client (label reading): the role given as its label triggers the same rule and is sent as "client"', () => {
    const result = contactFormSchema.safeParse({ name: 'A B', email: 'a@b.co', role: 'Client / Business Owner', specify: '', message: '', captcha: 't' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['message', 'Please describe your project or idea']]);

    const byValue = contactFormSchema.safeParse({ name: 'A B', email: 'a@b.co', role: 'client', specify: '', message: '', captcha: 't' });
    expect(byValue.error?.issues.map((i) => i.message)).toEqual(['Please describe your project or idea']);

    expect(toApiRole('Client / Business Owner')).toBe('client');
    expect(toApiRole('client')).toBe('client');
    expect(toApiRole('Student')).toBe('student');
    expect(toApiRole('Other')).toBe('other');
  });

  it('shows the specify field only for Other, requiring it with "Please specify" and the message with "Message is required"', async () => {
    const ctx = setup();
    expect(ctx.field.specify()).not.toBeInTheDocument();

    await ctx.user.selectOptions(ctx.field.role(), 'student');
    expect(ctx.field.specify()).not.toBeInTheDocument();
    await ctx.user.selectOptions(ctx.field.role(), 'client');
    expect(ctx.field.specify()).not.toBeInTheDocument();

    await ctx.user.selectOptions(ctx.field.role(), 'other');
    expect(ctx.field.specify()).toBeInTheDocument();
    await ctx.submit();
    await waitFor(() => expect(errorOf(ctx.field.specify()!)).toBe('Please specify'));
    expect(ctx.field.specify()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Message is required')).toBeInTheDocument();

    await ctx.user.selectOptions(ctx.field.role(), 'student');
    expect(ctx.field.specify()).not.toBeInTheDocument();
  });

  it('clears the captcha message once the captcha is solved', async () => {
    const ctx = setup();
    await ctx.submit();
    expect(await screen.findByText('Please complete the reCAPTCHA verification.')).toBeInTheDocument();
    await ctx.user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await waitFor(() => expect(screen.queryByText('Please complete the reCAPTCHA verification.')).not.toBeInTheDocument());
  });
});

describe('contact form submission', () => {
  it('sends the trimmed fields with the role lower-cased, shows "Sending...", then the server message and a cleared form', async () => {
    let release!: () => void;
    contactReply = () =>
      new Promise((resolve) => {
        release = () => resolve({ status: 200, body: { message: 'Thanks! We will reply soon.' } });
      });
    const ctx = setup();
    await fillValid(ctx, 'other');
    await ctx.user.type(ctx.field.specify()!, 'Recruiter');
    await ctx.submit();

    const busy = await screen.findByRole('button', { name: /sending\.\.\./i });
    expect(busy).toBeDisabled();
    expect(busy).toHaveTextContent('Sending...');

    expect(ctx.contactCalls()).toHaveLength(1);
    const [, init] = ctx.contactCalls()[0]!;
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.com',
      role: 'other',
      specify: 'Recruiter',
      message: 'When does the Django course get new lessons?',
    });

    release();
    const alert = await screen.findByRole('status');
    expect(alert).toHaveTextContent('Thanks! We will reply soon.');
    expect(alert).toHaveClass('alert-success');
    expect(ctx.field.name()).toHaveValue('');
    expect(ctx.field.email()).toHaveValue('');
    expect(ctx.field.role()).toHaveValue('');
    expect(ctx.field.message()).toHaveValue('');
    expect(ctx.field.specify()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /send message/i })).toBeEnabled();

    // The captcha was reset too: a second message needs a fresh verification.
    await ctx.user.type(ctx.field.name(), 'Ravi Kumar');
    await ctx.submit();
    expect(await screen.findByText('Please complete the reCAPTCHA verification.')).toBeInTheDocument();
  });

  it('sends the client role as "client"', async () => {
    const ctx = setup();
    await fillValid(ctx, 'client');
    await ctx.submit();
    await screen.findByRole('status');
    expect(JSON.parse(ctx.contactCalls()[0]![1].body)).toMatchObject({ role: 'client', specify: '' });
  });

  it('shows server field errors under their fields', async () => {
    contactReply = () => ({ status: 400, body: { email: ['Enter a valid email address.'], name: ['Ensure this field has no more than 120 characters.'] } });
    const ctx = setup();
    await fillValid(ctx);
    await ctx.submit();

    await waitFor(() => expect(errorOf(ctx.field.email())).toBe('Enter a valid email address.'));
    expect(ctx.field.email()).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(ctx.field.name())).toBe('Ensure this field has no more than 120 characters.');
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('shows "Something went wrong. Please try again." when the server answers with an error', async () => {
    contactReply = () => ({ status: 500, body: { detail: 'boom' } });
    const ctx = setup();
    await fillValid(ctx);
    await ctx.submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(ctx.field.name()).toHaveValue('Asha Verma');
  });

  it('shows "Failed to send message." when a 200 answer carries no data', async () => {
    contactReply = () => ({ status: 200 });
    const ctx = setup();
    await fillValid(ctx);
    await ctx.submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message.');
  });
});

describe('contact form and the captcha check', () => {
  it('waits for a captcha check still in flight, then sends', async () => {
    let finish!: (token: string | null) => void;
    function slowCaptcha({ id, onChange, onPending }: CaptchaSlotProps) {
      return (
        <button
          type="button"
          id={id}
          onClick={() => {
            const pending = new Promise<string | null>((resolve) => {
              finish = (token) => {
                onChange(token);
                resolve(token);
              };
            });
            onPending(pending);
          }}
        >
          Solve captcha
        </button>
      );
    }
    const user = userEvent.setup();
    renderWithProviders(<ContactForm captcha={slowCaptcha} />);
    await user.type(screen.getByLabelText('Your name'), 'Asha Verma');
    await user.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await user.selectOptions(screen.getByLabelText('Your role'), 'student');
    await user.type(screen.getByLabelText('Message'), 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: /send message/i }));

    expect(await screen.findByRole('button', { name: /sending\.\.\./i })).toBeDisabled();
    expect(screen.queryByText('Please complete the reCAPTCHA verification.')).not.toBeInTheDocument();
    finish('late-token');
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks! We will reply soon.');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/contact/'))).toHaveLength(1);
  });

  it('shows a server captcha error under the captcha and asks for a fresh verification', async () => {
    contactReply = () => ({ status: 400, body: { captcha: ['Please complete the reCAPTCHA verification.'] } });
    const ctx = setup();
    await fillValid(ctx);
    await ctx.submit();
    const captchaError = await screen.findByText('Please complete the reCAPTCHA verification.');
    expect(captchaError).toHaveAttribute('id', 'contact-captcha-error');

    contactReply = () => ({ status: 200, body: { message: 'Thanks! We will reply soon.' } });
    await ctx.submit();
    expect(ctx.contactCalls()).toHaveLength(1);
    await ctx.user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await ctx.submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Thanks! We will reply soon.');
  });
});

describe('contact page', () => {
  it('shows the heading, the support email and the form', async () => {
    renderWithProviders(<ContactPage captcha={fakeCaptcha} />);
    expect(screen.getByRole('heading', { level: 1, name: "Let's talk" })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'support@example.test' })).toHaveAttribute('href', 'mailto:support@example.test');
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeInTheDocument();
  });
});
