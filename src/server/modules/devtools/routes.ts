import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { listDevMailbox } from '../../integrations/mail/index.js';

const escape = (v: string) => v.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The development mailbox: every email the app "sent" while no SMTP server is configured. Never in production. */
export async function registerDevMailbox(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (ctx.config.isProduction || ctx.mailer.kind !== 'dev-mailbox') return;
  const latest = () => listDevMailbox(ctx.db);

  app.get('/api/v1/dev/mailbox/', { schema: { hide: true } }, async () => ({ messages: await latest() }));

  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (m) => `<article><header><strong>${escape(m.subject)}</strong><br><small>To ${escape(m.to)} · ${m.createdAt.toISOString()}</small></header>
        <iframe title="${escape(m.subject)}" sandbox="" srcdoc="${escape(m.html)}"></iframe></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox | Lectern</title><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937}article{border:1px solid #e5e7eb;border-radius:12px;margin:1rem 0;padding:1rem}iframe{width:100%;height:360px;border:0;margin-top:.75rem;background:#f4f4f8;border-radius:8px}</style></head>
<body><h1>Development mailbox</h1><p>${rows.length ? `${rows.length} most recent messages. Configure SMTP_URL to send real email.` : 'No messages yet.'}</p>${items}</body></html>`;
  });
}
