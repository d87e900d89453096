import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../../shared/accounts';
import { accountKeys, pictureUrl } from '../../api/accounts';
import { priya } from './fixtures';
import { ProfileForm } from './ProfileForm';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let saveReply: (form: FormData) => Response;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  saveReply = (form) =>
    json(200, {
      ...priya,
      full_name: String(form.get('full_name')),
      city: String(form.get('city')),
      profile_picture: form.get('remove_picture') ? null : priya.profile_picture,
    });
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    if (path === '/api/v1/fetchCountries/')
      return json(200, {
        countries: [
          { country_name: 'India', country_code: 'IN' },
          { country_name: 'Nepal', country_code: 'NP' },
        ],
      });
    if (path === '/api/v1/fetchStates/India') return json(200, { states: [{ state_name: 'Karnataka' }, { state_name: 'Kerala' }] });
    if (path === '/api/v1/fetchStates/Nepal') return json(200, { states: [{ state_name: 'Bagmati' }] });
    if (path === '/api/v1/edit-user-details/' && init?.method === 'PUT') return saveReply(init.body as FormData);
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(user = priya) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(accountKeys.userDetails(), user);
  render(
    <QueryClientProvider client={client}>
      <ProfileForm user={user} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), client };
}

const saveCalls = () => fetchMock.mock.calls.filter(([url, init]) => String(url).includes('/edit-user-details/') && (init as RequestInit).method === 'PUT');

describe('ProfileForm', () => {
  it('shows the name capitalised per word, the username and email read-only', async () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Priya Natarajan' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Priya Natarajan');
    expect(screen.getByLabelText('Username')).toHaveValue('priya');
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('img', { name: /profile picture/ })).toHaveAttribute('src', `${window.location.origin}/media/profile/p.webp`);
    await waitFor(() => expect(screen.getByLabelText('State').tagName).toBe('SELECT'));
    expect(screen.getByLabelText('Country')).toHaveValue('India');
    expect(screen.getByLabelText('State')).toHaveValue('Karnataka');
  });

  it('needs a first and last name: inline message and toast, nothing sent', async () => {
    const { user } = renderForm();
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), '  Priya ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getAllByText('Enter both your first name and last name')).toHaveLength(2));
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(saveCalls()).toHaveLength(0);
  });

  it('saves as multipart, toasts success and replaces the user data with the response', async () => {
    const { user, client } = renderForm();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Mysuru');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    const form = saveCalls()[0]![1].body as FormData;
    expect(form.get('city')).toBe('Mysuru');
    expect(form.get('full_name')).toBe('Priya Natarajan');
    expect(form.get('profile_picture')).toBeNull();
    expect(form.get('remove_picture')).toBeNull();
    expect(client.getQueryData<UserDetails>(accountKeys.userDetails())?.city).toBe('Mysuru');
  });

  it('sends the chosen picture, and Remove clears the selection', async () => {
    const { user } = renderForm();
    const input = screen.getByLabelText('Change picture');
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(input, picture);
    expect(screen.getByText('Selected: me.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText('Selected: me.png')).not.toBeInTheDocument();
    expect((input as HTMLInputElement).files).toHaveLength(0);

    await user.upload(input, picture);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile updated successfully');
    expect((saveCalls()[0]![1].body as FormData).get('profile_picture')).toBeInstanceOf(File);
    expect(screen.queryByText('Selected: me.png')).not.toBeInTheDocument();
  });

  it('can remove the current picture', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Remove current picture' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Profile updated successfully');
    expect((saveCalls()[0]![1].body as FormData).get('remove_picture')).toBe('true');
  });

  it("toasts 'Error updating profile' and shows the server's field errors", async () => {
    saveReply = () => json(400, { phone_number: ['Enter a valid phone number.'] });
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Error updating profile')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number.')).toBeInTheDocument();
  });

  it('loads the states of a newly chosen country', async () => {
    const { user } = renderForm();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Nepal' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Country'), 'Nepal');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Bagmati' })).toBeInTheDocument());
    expect(screen.getByLabelText('State')).toHaveValue('');
  });
});

describe('pictureUrl', () => {
  it('prefixes relative paths with the origin and keeps absolute http(s) addresses', () => {
    expect(pictureUrl('/media/a.webp', 'https://lectern.dev')).toBe('https://lectern.dev/media/a.webp');
    expect(pictureUrl('media/a.webp', 'https://lectern.dev')).toBe('https://lectern.dev/media/a.webp');
    expect(pictureUrl('https://cdn.example.com/a.png', 'https://lectern.dev')).toBe('https://cdn.example.com/a.png');
    expect(pictureUrl('http://cdn.example.com/a.png', 'https://lectern.dev')).toBe('http://cdn.example.com/a.png');
    expect(pictureUrl(null)).toBeUndefined();
  });

  it('counts a long name against its 120-character limit from the start (issue 21 item 4)', async () => {
    renderForm({ ...priya, full_name: `Priya ${'n'.repeat(104)}` });
    const name = screen.getByLabelText('Full name');
    expect(name).not.toHaveAttribute('maxlength');
    expect(await screen.findByText('10 characters left of 120')).toBeInTheDocument();
  });
});
