import type { FastifyInstance } from 'fastify';
import { addPeriods } from './stripe/fake-billing.js';
import type { StripeBilling, StripeFakeEvent } from './stripe/fake-billing.js';
import type { RazorpayBilling, RazorpayFakeEvent, RzpPayment, RzpPlan, RzpSubscription } from './razorpay/fake-billing.js';
import { money } from './stripe/fake-api.js';
import { escape } from './sandbox-page.js';

/**
 * /sandbox/: the local providers' dashboard. It lists the sandbox subscriptions (Stripe and
 * Razorpay) and moves their clocks: to the end of the period (a renewal, or the end of a cancelled
 * membership), or by days (dunning retries); it switches a card to decline renewals, and refunds
 * the last charge. Everything it does reaches the app as the provider's signed webhooks.
 */
export interface SandboxDashboardOptions {
  stripe?: { billing: StripeBilling; deliver: (events: StripeFakeEvent[]) => Promise<void> } | undefined;
  razorpay?: { billing: RazorpayBilling; deliver: (events: RazorpayFakeEvent[]) => Promise<void> } | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const date = (ms: number | null | undefined) =>
  ms
    ? new Date(ms).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }) + ' UTC'
    : '—';

interface Row {
  provider: 'stripe' | 'razorpay';
  id: string;
  who: string;
  plan: string;
  status: string;
  clock: number;
  periodEnd: number | null;
  renews: boolean;
  declines: boolean;
  lastCharge: string | null;
}

function page(rows: Row[], email: string | undefined): string {
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  const form = (row: Row, action: string, label: string, fields: Record<string, string> = {}, tone = 'secondary') =>
    `<form method="post" action="/sandbox/manage/${row.provider}/${encodeURIComponent(row.id)}/${action}${query}">${Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escape(k)}" value="${escape(v)}">`)
      .join('')}<button class="${tone}" type="submit">${escape(label)}</button></form>`;
  const cards = rows.length
    ? rows
        .map(
          (row) => `<article class="card" data-subscription="${escape(row.id)}">
<header><span class="provider">${row.provider === 'stripe' ? 'Stripe' : 'Razorpay'}</span><span class="status status-${escape(row.status)}" data-testid="sandbox-status">${escape(row.status)}</span></header>
<h2>${escape(row.plan)}</h2><p class="who">${escape(row.who)} · <code>${escape(row.id)}</code></p>
<dl><dt>Clock</dt><dd data-testid="sandbox-clock">${escape(date(row.clock))}</dd><dt>Period ends</dt><dd>${escape(date(row.periodEnd))}${row.renews ? ' (renews)' : ''}</dd>
<dt>Card</dt><dd>${row.declines ? 'declines renewals' : 'pays renewals'}</dd><dt>Last charge</dt><dd>${escape(row.lastCharge ?? '—')}</dd></dl>
<div class="actions">${form(row, 'advance', 'Advance to the end of the period', { to: 'period_end' }, 'primary')}${form(row, 'advance', 'Advance 1 day', { days: '1' })}${form(row, 'advance', 'Advance 7 days', { days: '7' })}
${form(row, 'card', row.declines ? 'Card: pay renewals' : 'Card: decline renewals', { declines: row.declines ? '0' : '1' })}${row.lastCharge ? form(row, 'refund', 'Refund the last charge', {}, 'danger') : ''}</div>
</article>`,
        )
        .join('')
    : '<p class="empty">No sandbox subscription yet. Subscribe to a monthly or yearly plan with the sandbox provider first.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox payment providers</title><meta name="robots" content="noindex"><link rel="icon" href="/media/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f4f4f8;color:#1f2937;padding:24px 16px}
main{max-width:760px;margin:0 auto}h1{font-size:24px;margin:0 0 4px}.lead{color:#4b5563;margin:0 0 24px}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:4px 10px;font-size:12px;font-weight:600;margin-bottom:12px}
.card{background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(17,24,39,.08);padding:20px;margin:0 0 16px}
.card header{display:flex;justify-content:space-between;align-items:center;gap:8px}.provider{font-weight:600;color:#3730a3}
.status{border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600;background:#e5e7eb}.status-active{background:#dcfce7;color:#166534}
.status-past_due,.status-pending{background:#fef3c7;color:#92400e}.status-canceled,.status-cancelled,.status-halted,.status-completed{background:#fee2e2;color:#991b1b}
h2{font-size:18px;margin:10px 0 2px}.who{color:#4b5563;margin:0 0 12px;word-break:break-all}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 16px}
dt{color:#4b5563}dd{margin:0}.actions{display:flex;flex-wrap:wrap;gap:8px}form{margin:0}
button{padding:10px 14px;border-radius:10px;border:0;font-size:15px;font-weight:600;cursor:pointer;background:#e0e7ff;color:#312e81}
.primary{background:#3730a3;color:#fff}.danger{background:#fee2e2;color:#991b1b}button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
.empty{background:#fff;border-radius:16px;padding:24px}a{color:#3730a3}
</style></head><body><main>
<span class="badge">Sandbox: no real money moves</span>
<h1>Sandbox payment providers</h1>
<p class="lead">Move a subscription's clock to renew it, fail a renewal or end it; the app hears about it through the provider's signed webhooks.${email ? ` Showing ${escape(email)}. <a href="/sandbox/">Show all</a>.` : ''} <a href="/subscription">Back to your subscription</a>.</p>
${cards}
</main></body></html>`;
}

export async function registerSandboxDashboard(app: FastifyInstance, options: SandboxDashboardOptions): Promise<void> {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
  }
  const rows = async (): Promise<Row[]> => {
    const out: Row[] = [];
    if (options.stripe) {
      for (const { subscription, customer, clockNowMs, lastCharge } of await options.stripe.billing.listSubscriptions()) {
        const item = subscription.items.data[0];
        out.push({
          provider: 'stripe',
          id: subscription.id,
          who: customer?.email ?? subscription.customer,
          plan: `${subscription._product}: ${money(item.price.unit_amount, item.price.currency)} every ${item.price.recurring.interval}`,
          status: subscription.status,
          clock: clockNowMs,
          periodEnd: item.current_period_end * 1000,
          renews: !subscription.cancel_at_period_end && subscription.status !== 'canceled',
          declines: subscription._declines,
          lastCharge: lastCharge && !lastCharge.refunded ? `${money(lastCharge.amount, lastCharge.currency)} (${lastCharge.payment_intent})` : null,
        });
      }
    }
    if (options.razorpay) {
      const billing = options.razorpay.billing;
      for (const sub of (await billing.list<RzpSubscription>('subscription')).reverse()) {
        if (sub.status === 'created') continue;
        const plan = await billing.get<RzpPlan>('plan', sub.plan_id);
        const payments = (await billing.list<RzpPayment>('payment', '_subscription', sub.id)).filter((p) => p.status === 'captured');
        const last = payments.at(-1);
        out.push({
          provider: 'razorpay',
          id: sub.id,
          who: sub.notes.email ?? sub.id,
          plan: plan ? `${plan.item.name}: ${money(plan.item.amount, plan.item.currency)} ${plan.period}` : sub.plan_id,
          status: sub.status,
          clock: billing.nowOf(sub),
          periodEnd: sub.current_end ? sub.current_end * 1000 : null,
          renews: sub.status === 'active' && !sub._cancel_at_cycle_end && sub.paid_count < sub.total_count,
          declines: sub._declines,
          lastCharge: last ? `${money(last.amount, last.currency)} (${last.id})` : null,
        });
      }
    }
    return out;
  };

  app.get('/sandbox/', async (request, reply) => {
    const email = (request.query as { email?: string }).email?.trim().toLowerCase() || undefined;
    const list = (await rows()).filter((r) => !email || r.who.toLowerCase() === email);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(list, email));
  });

  app.post('/sandbox/manage/:provider/:id/:action', async (request, reply) => {
    const { provider, id, action } = request.params as { provider: string; id: string; action: string };
    const body = (request.body ?? {}) as { to?: string; days?: string; declines?: string };
    const email = (request.query as { email?: string }).email;
    const back = `/sandbox/${email ? `?email=${encodeURIComponent(email)}` : ''}`;
    const days = Math.min(400, Math.max(0, Number(body.days ?? 0) || 0));

    if (provider === 'stripe' && options.stripe) {
      const { billing, deliver } = options.stripe;
      const sub = await billing.get<{
        customer: string;
        items: { data: { current_period_end: number; price: { recurring: { interval: 'month' | 'year' } } }[] };
      }>('subscription', id);
      const customer = sub ? await billing.get<{ test_clock: string }>('customer', sub.customer) : undefined;
      if (!sub || !customer) return reply.code(404).send({ detail: 'Not found.' });
      if (action === 'advance') {
        const now = await billing.clockNow(sub.customer);
        const periodEnd = sub.items.data[0]!.current_period_end * 1000;
        const to =
          body.to === 'period_end'
            ? Math.max(now, periodEnd) + MINUTE_MS
            : body.to === 'month'
              ? addPeriods(Math.floor(now / 1000), 'month', 1) * 1000
              : now + days * DAY_MS;
        await deliver(await billing.advanceClock(customer.test_clock, to));
      } else if (action === 'card') {
        await billing.setDeclines(id, body.declines === '1');
      } else if (action === 'refund') {
        const last = (await billing.listSubscriptions()).find((s) => s.subscription.id === id)?.lastCharge;
        if (last) {
          const done = await billing.refund({ charge: last.id });
          if (done && 'events' in done) await deliver(done.events);
        }
      } else return reply.code(400).send({ detail: 'Unknown action.' });
      return reply.redirect(back, 303);
    }

    if (provider === 'razorpay' && options.razorpay) {
      const { billing, deliver } = options.razorpay;
      const sub = await billing.get<RzpSubscription>('subscription', id);
      if (!sub) return reply.code(404).send({ detail: 'Not found.' });
      if (action === 'advance') {
        const now = billing.nowOf(sub);
        const to = body.to === 'period_end' ? Math.max(now, (sub.current_end ?? 0) * 1000) + MINUTE_MS : now + days * DAY_MS;
        await deliver(await billing.advance(id, to));
      } else if (action === 'card') {
        await billing.setDeclines(id, body.declines === '1');
      } else if (action === 'refund') {
        const last = (await billing.list<RzpPayment>('payment', '_subscription', id)).filter((p) => p.status === 'captured').at(-1);
        if (last) {
          const done = await billing.refund(last.id);
          if (done) await deliver(done.events);
        }
      } else return reply.code(400).send({ detail: 'Unknown action.' });
      return reply.redirect(back, 303);
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
}
