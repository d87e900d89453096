import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const brand = '#3730a3';

/** The frame every email shares: a plain, table-free layout that mail clients render well. */
export function EmailLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: '24px', background: '#f4f4f8', fontFamily: 'Helvetica, Arial, sans-serif', color: '#1f2937' }}>
        <div style={{ maxWidth: 560, margin: '0 auto', background: '#ffffff', borderRadius: 12, padding: 32 }}>
          <div style={{ fontWeight: 700, fontSize: 20, color: brand, marginBottom: 24 }}>Lectern</div>
          {children}
        </div>
      </body>
    </html>
  );
}

/** The one call to action of an email: a brand-coloured button on its own line. */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        style={{ display: 'inline-block', background: brand, color: '#fff', padding: '12px 22px', borderRadius: 8, textDecoration: 'none', fontWeight: 600 }}
      >
        {children}
      </a>
    </p>
  );
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function renderEmail(subject: string, element: ReactElement, text: string): RenderedEmail {
  return { subject, html: `<!doctype html>${renderToStaticMarkup(element)}`, text };
}
