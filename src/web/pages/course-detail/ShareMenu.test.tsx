import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareMenu, shareLinks } from '../../components/ShareMenu';

const original = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');

function setClipboard(value: unknown) {
  Object.defineProperty(window.navigator, 'clipboard', { value, configurable: true, writable: true });
}

describe('ShareMenu', () => {
  let alert: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    alert = vi.fn();
    vi.stubGlobal('alert', alert);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    if (original) Object.defineProperty(window.navigator, 'clipboard', original);
    else delete (window.navigator as { clipboard?: unknown }).clipboard;
  });

  const open = () => {
    render(<ShareMenu slug="django-rest-framework" title="Django REST Framework" />);
    fireEvent.click(screen.getByRole('button', { name: /share/i }));
  };

  it("is disabled in the server's HTML (it opens through React), and enabled once rendered in the browser", () => {
    expect(renderToString(<ShareMenu slug="django-rest-framework" title="Django REST Framework" />)).toMatch(/<button[^>]* disabled=""/);
    render(<ShareMenu slug="django-rest-framework" title="Django REST Framework" />);
    expect(screen.getByRole('button', { name: /share/i })).toBeEnabled();
  });

  it('copies the public course URL and shows the alert', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    open();
    fireEvent.click(screen.getByRole('button', { name: /copy link/i }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/courses/django-rest-framework`);
  });

  it('falls back to execCommand when the clipboard API is missing', async () => {
    setClipboard(undefined);
    const execCommand = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true, writable: true });
    open();
    fireEvent.click(screen.getByRole('button', { name: /copy link/i }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Link copied to clipboard!'));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
    delete (document as { execCommand?: unknown }).execCommand;
  });

  it('shares /courses/{slug}, except LinkedIn which uses /course/{slug}', () => {
    open();
    const origin = encodeURIComponent(window.location.origin);
    expect(screen.getByRole('button', { name: /share/i })).toHaveAttribute('aria-expanded', 'true');
    const href = (name: string) => screen.getByText(name).closest('a')?.getAttribute('href') ?? '';
    expect(href('Twitter')).toContain(`${origin}%2Fcourses%2Fdjango-rest-framework`);
    expect(href('Facebook')).toContain(`${origin}%2Fcourses%2Fdjango-rest-framework`);
    expect(href('WhatsApp')).toContain(`${origin}%2Fcourses%2Fdjango-rest-framework`);
    expect(href('LinkedIn')).toContain(`${origin}%2Fcourse%2Fdjango-rest-framework`);
    expect(screen.getByText('LinkedIn').closest('a')).toHaveAttribute('target', '_blank');
  });
});

describe('shareLinks', () => {
  it("shares a bundle's own page (LinkedIn too), a course's as before", () => {
    const bundle = shareLinks('django-backend-bundle', 'Django Backend Bundle', 'https://lectern.test', 'bundle');
    expect(bundle.url).toBe('https://lectern.test/bundles/django-backend-bundle');
    expect(bundle.items.find((i) => i.label === 'LinkedIn')?.href).toContain(encodeURIComponent('https://lectern.test/bundles/django-backend-bundle'));
    const course = shareLinks('drf', 'DRF', 'https://lectern.test');
    expect(course.url).toBe('https://lectern.test/courses/drf');
    expect(course.items.find((i) => i.label === 'LinkedIn')?.href).toContain(encodeURIComponent('https://lectern.test/course/drf'));
  });
});
