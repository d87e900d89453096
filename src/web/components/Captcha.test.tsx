import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Captcha } from './Captcha';

let provider: 'altcha' | 'recaptcha' = 'altcha';
let verifyReply: () => Response | Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn>;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  provider = 'altcha';
  verifyReply = () => json(200, { success: true });
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/site-config/') {
      return json(200, {
        country: 'US',
        currency: 'USD',
        captcha: { provider, site_key: provider === 'recaptcha' ? 'site-key-123' : null },
        google_client_id: null,
        community_url: 'https://discord.gg/example',
        support_email: 'support@example.test',
      });
    }
    if (path === '/api/v1/verify-recaptcha/') return verifyReply();
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.grecaptcha;
});

function renderCaptcha(onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const loadAltcha = vi.fn(async () => undefined);
  const view = render(
    <QueryClientProvider client={client}>
      <Captcha onChange={onChange} loadAltcha={loadAltcha} />
    </QueryClientProvider>,
  );
  return { onChange, loadAltcha, view };
}

async function altchaWidget(): Promise<HTMLElement & { reset?: () => void }> {
  await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
  // The element is in the DOM at commit, but its statechange listener is attached by a passive
  // effect; on a busy machine that effect can still be pending, and an event sent now is lost.
  await act(async () => {});
  return document.querySelector('altcha-widget')!;
}

function emitState(widget: HTMLElement, state: string, payload: string | null = null) {
  act(() => {
    widget.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  });
}

const verifyCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/verify-recaptcha/'));

describe('Captcha (ALTCHA)', () => {
  it('loads the widget on demand, pointed at the challenge endpoint', async () => {
    const { loadAltcha } = renderCaptcha();
    const widget = await altchaWidget();
    expect(loadAltcha).toHaveBeenCalledTimes(1);
    expect(widget.getAttribute('challenge')).toBe('/api/v1/altcha/challenge/');
  });

  it('verifies the payload with the server and reports the token', async () => {
    const { onChange } = renderCaptcha();
    const widget = await altchaWidget();
    emitState(widget, 'verified', 'payload-abc');

    await waitFor(() => expect(onChange).toHaveBeenCalledWith('payload-abc'));
    expect(JSON.parse(verifyCalls()[0]![1].body)).toEqual({ token: 'payload-abc' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    emitState(widget, 'expired');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows "reCAPTCHA verification failed. Try again." when the server rejects the token, and resets the widget', async () => {
    verifyReply = () => json(200, { success: false });
    const { onChange } = renderCaptcha();
    const widget = await altchaWidget();
    widget.reset = vi.fn();
    emitState(widget, 'verified', 'payload-abc');

    expect(await screen.findByRole('alert')).toHaveTextContent('reCAPTCHA verification failed. Try again.');
    expect(widget.reset).toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalledWith('payload-abc');
  });

  it('shows "Could not verify reCAPTCHA. Try again later." when the server is unavailable', async () => {
    verifyReply = () => json(503, { success: false, error: 'Could not verify reCAPTCHA. Try again later.' });
    renderCaptcha();
    const widget = await altchaWidget();
    emitState(widget, 'verified', 'payload-abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not verify reCAPTCHA. Try again later.');
  });

  it('shows "Could not verify reCAPTCHA. Try again later." when the network fails', async () => {
    verifyReply = () => Promise.reject(new TypeError('Failed to fetch'));
    renderCaptcha();
    const widget = await altchaWidget();
    emitState(widget, 'verified', 'payload-abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not verify reCAPTCHA. Try again later.');
  });
});

describe('Captcha (reCAPTCHA)', () => {
  it("renders Google's checkbox with the site key and runs the same verification", async () => {
    provider = 'recaptcha';
    let params: Record<string, unknown> = {};
    window.grecaptcha = {
      render: vi.fn((_el: HTMLElement, p: Record<string, unknown>) => {
        params = p;
        return 7;
      }),
      reset: vi.fn(),
    };
    const { onChange } = renderCaptcha();
    await waitFor(() => expect(window.grecaptcha!.render).toHaveBeenCalled());
    expect(params.sitekey).toBe('site-key-123');

    await act(async () => {
      (params.callback as (token: string) => void)('g-token');
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('g-token'));

    verifyReply = () => json(200, { success: false });
    await act(async () => {
      (params.callback as (token: string) => void)('g-token-2');
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('reCAPTCHA verification failed. Try again.');
    expect(window.grecaptcha!.reset).toHaveBeenCalledWith(7);
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
