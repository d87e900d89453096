import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { projectMessages } from '../../../shared/projects';
import { uploadLimits, uploadMessages } from '../../../shared/uploads';
import { respond } from '../lesson/fixtures';
import { SubmissionForm } from './SubmissionForm';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderForm(props: Partial<Parameters<typeof SubmissionForm>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <SubmissionForm projectId={7} fileRequired={false} onDone={onDone} {...props} />
    </QueryClientProvider>,
  );
  return { onDone };
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Hand in project' }));
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('SubmissionForm', () => {
  beforeEach(() => {
    window.localStorage.setItem('accessToken', 'token');
    fetchMock = vi.fn<typeof fetch>(() => respond(201, { id: 3, status: 'submitted' }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['', 'empty'],
    ['http://github.com/asha/shop', 'http'],
    ['javascript:alert(1)//github.com/a/b', 'javascript:'],
    ['https://example.com/asha/shop', 'another host'],
    ['https://github.com/asha', 'no repository name'],
  ])('refuses the repository %j (%s) with the contract message and sends nothing', async (value) => {
    renderForm();
    fill(/Repository URL/, value);
    send();
    const input = screen.getByLabelText(/Repository URL/);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(projectMessages.repositoryUrl)).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(projectMessages.repositoryUrl));
    expect(posts()).toHaveLength(0);
  });

  it('refuses an http live URL and notes past 5,000 characters', async () => {
    renderForm();
    fill(/Repository URL/, 'https://github.com/asha/shop');
    fill(/Live URL/, 'http://shop.example.com');
    fill(/Notes for the reviewer/, 'x'.repeat(5001));
    send();
    expect(await screen.findByText(projectMessages.liveUrl)).toBeInTheDocument();
    expect(screen.getByText(projectMessages.notesTooLong)).toBeInTheDocument();
    expect(screen.getByText(/1 character over the 5000-character limit/)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('asks for the file a project requires, and refuses a file that is not a PDF or a ZIP, or too large', async () => {
    renderForm({ fileRequired: true });
    fill(/Repository URL/, 'https://gitlab.com/asha/shop');
    send();
    expect(await screen.findByText(projectMessages.fileRequired)).toBeInTheDocument();
    const file = screen.getByLabelText(/File \(PDF or ZIP\)/);
    fireEvent.change(file, { target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' })] } });
    expect(await screen.findByText(projectMessages.fileType)).toBeInTheDocument();
    const big = new File(['x'], 'report.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: uploadLimits.resourceBytes + 1 });
    fireEvent.change(file, { target: { files: [big] } });
    expect(await screen.findByText(uploadMessages.tooLarge(uploadLimits.resourceBytes))).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('sends JSON without a file, and multipart with one', async () => {
    const { onDone } = renderForm();
    fill(/Repository URL/, ' https://codeberg.org/asha/shop ');
    fill(/Notes for the reviewer/, 'Built with Django.');
    send();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = posts()[0]!;
    expect(String(url)).toContain('/api/v1/projects/7/submissions/');
    expect(JSON.parse(String(init?.body))).toEqual({ repository_url: 'https://codeberg.org/asha/shop', notes: 'Built with Django.' });

    fireEvent.change(screen.getByLabelText(/File \(optional/), { target: { files: [new File(['%PDF-1.7'], 'report.pdf', { type: 'application/pdf' })] } });
    send();
    await waitFor(() => expect(posts()).toHaveLength(2));
    const body = posts()[1]![1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('repository_url')).toBe('https://codeberg.org/asha/shop');
    expect((body as FormData).get('file')).toBeInstanceOf(File);
  });

  it("shows the server's field error under its field, and a 409 above the form", async () => {
    fetchMock.mockImplementationOnce(() => respond(400, { repository_url: ['This repository cannot be reached.'] }));
    renderForm();
    fill(/Repository URL/, 'https://github.com/asha/shop');
    send();
    expect(await screen.findByText('This repository cannot be reached.')).toBeInTheDocument();
    fetchMock.mockImplementationOnce(() => respond(409, { detail: projectMessages.alreadySubmitted }));
    send();
    expect(await screen.findByRole('alert')).toHaveTextContent(projectMessages.alreadySubmitted);
  });
});
