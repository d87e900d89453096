import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { respond } from '../lesson/fixtures';
import CertificateVerifyPage from './CertificateVerifyPage';

function renderAt(id: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/certificates/${id}`]}>
        <Routes>
          <Route path="/certificates/:certificateId" element={<CertificateVerifyPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('CertificateVerifyPage', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a verified certificate', async () => {
    fetchMock.mockImplementation(() =>
      respond(200, {
        certificate_id: 'LEC-ABCDEF2345',
        student_name: 'Priya Natarajan',
        course_title: 'Python Foundations',
        course_slug: 'python-foundations',
        issued_at: '2025-03-02T10:00:00.000Z',
        verify_url: 'http://localhost/certificates/LEC-ABCDEF2345',
        credential_url: 'http://localhost/api/v1/certificates/LEC-ABCDEF2345/credential/',
        jwks_url: 'http://localhost/.well-known/jwks.json',
        credential_verified: true,
        valid: true,
      }),
    );
    renderAt('LEC-ABCDEF2345');
    expect(await screen.findByRole('heading', { name: 'Verified certificate' })).toBeInTheDocument();
    expect(screen.getByText('Priya Natarajan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Python Foundations' })).toHaveAttribute('href', '/courses/python-foundations');
    expect(screen.getByText('Mar 2, 2025')).toBeInTheDocument();
    expect(screen.getByText('LEC-ABCDEF2345')).toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls[0]![0])).pathname).toBe('/api/v1/certificates/LEC-ABCDEF2345/');
    expect(screen.getByText("Signature verified with this site's published key.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download credential (VC-JWT)' })).toHaveAttribute(
      'href',
      'http://localhost/api/v1/certificates/LEC-ABCDEF2345/credential/',
    );
    expect(screen.getByRole('link', { name: 'Public keys (JWKS)' })).toHaveAttribute('href', 'http://localhost/.well-known/jwks.json');
  });

  it('says clearly when no certificate has the id', async () => {
    fetchMock.mockImplementation(() => respond(404, { detail: 'No certificate has this id.' }));
    renderAt('LEC-NOPE');
    expect(await screen.findByText('We could not find a certificate with this id.')).toBeInTheDocument();
    expect(screen.queryByText('Verified certificate')).not.toBeInTheDocument();
  });
});
