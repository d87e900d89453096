/**
 * The studio Overview's first-run checklist (issue 25), computed from the data on every read: your
 * profile and site name (and logo), how you get paid (each provider as this server runs it, and
 * when its webhook last reached us; the invoices' legal details), your first course (one of yours,
 * not the demo's), the home page's figures (none still the demo's), and the demo content (nothing
 * left to remove). Complete, it may be dismissed (kept as a setting, audited).
 */
import { figureFields } from '../../../shared/figures.js';
import { setupMessages, WEBHOOK_RECENT_DAYS, type ProviderState, type SetupChecklist } from '../../../shared/setup.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { razorpayKeyMode } from '../../integrations/razorpay/index.js';
import { stripeKeyMode } from '../../integrations/stripe/index.js';
import { instructorState, ownCourse } from '../catalog/index.js';
import { lastWebhookAt } from '../orders/index.js';
import { dismissSetup, getSiteSettings, setupDismissedAt } from '../settings/index.js';
import { audited, type Actor } from './audit.js';
import { previewDemoRemoval } from './demo-content.service.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each provider as this server runs it: off, the local sandbox, test keys or live keys, and its webhook. */
async function providerStates(ctx: AppContext): Promise<ProviderState[]> {
  const seen = await lastWebhookAt(ctx.db);
  const state = (provider: 'stripe' | 'razorpay', mode: ProviderState['mode'], webhookSecret: boolean): ProviderState => {
    const at = seen[provider];
    return {
      provider,
      mode,
      webhook_secret: webhookSecret,
      webhook_url: `${ctx.config.publicUrl}/api/v1/webhooks/${provider}`,
      last_webhook_at: at?.toISOString() ?? null,
      webhook_recent: Boolean(at && Date.now() - at.getTime() <= WEBHOOK_RECENT_DAYS * DAY_MS),
    };
  };
  const { stripe, razorpay } = ctx.config;
  return [
    state(
      'stripe',
      !ctx.stripe ? 'off' : ctx.stripe.mode === 'sandbox' || !stripe ? 'sandbox' : stripeKeyMode(stripe.secretKey),
      ctx.stripe?.mode === 'sandbox' || Boolean(stripe?.webhookSecret),
    ),
    state(
      'razorpay',
      !ctx.razorpay ? 'off' : ctx.razorpay.mode === 'sandbox' || !razorpay ? 'sandbox' : razorpayKeyMode(razorpay.keyId),
      ctx.razorpay?.mode === 'sandbox' || Boolean(razorpay?.webhookSecret),
    ),
  ];
}

export async function setupChecklist(ctx: AppContext): Promise<SetupChecklist> {
  const settings = await getSiteSettings(ctx.db, ctx.config);
  const instructor = await instructorState(ctx.db);
  const siteNamed = settings.sources.site_name === 'studio' || settings.sources.site_name === 'environment';
  const providers = await providerStates(ctx);
  const invoiceDetails = Boolean(settings.seller_legal_name && settings.seller_address);
  const course = await ownCourse(ctx.db);
  const fromDemo = figureFields.filter((f) => settings.sources[f] === 'demo').length;
  const demo = await previewDemoRemoval(ctx);
  const r = demo.remove;
  const toRemove =
    r.courses.length +
    r.categories.length +
    (r.instructor ? 1 : 0) +
    r.testimonials.length +
    r.plans.length +
    r.coupons.length +
    r.roadmap_steps +
    r.students.accounts +
    r.figures.length;

  const checklist: Omit<SetupChecklist, 'complete' | 'dismissed'> = {
    profile: {
      done: instructor.state === 'yours' && siteNamed,
      instructor: instructor.state,
      instructor_name: instructor.name,
      site_name: siteNamed ? settings.site_name : '',
      logo: Boolean(settings.site_logo),
    },
    payments: {
      done: invoiceDetails && providers.some((p) => p.mode === 'live' && p.last_webhook_at !== null),
      providers,
      invoice_details: invoiceDetails,
    },
    first_course: { done: course?.state === 'published', course },
    figures: { done: fromDemo === 0, from_demo: fromDemo },
    demo_content: { done: demo.empty, to_remove: toRemove, kept: demo.keep.length },
  };
  const complete = Object.values(checklist).every((item) => item.done);
  return { ...checklist, complete, dismissed: Boolean(await setupDismissedAt(ctx.db)) };
}

/** Hides the checklist for good, once every step is done (409 before). */
export async function dismissChecklist(ctx: AppContext, actor: Actor): Promise<SetupChecklist> {
  const before = await setupChecklist(ctx);
  if (!before.complete) throw new AppError('conflict', setupMessages.notComplete, { detail: setupMessages.notComplete, code: 'checklist_incomplete' });
  if (!before.dismissed) {
    await audited(ctx.db, actor, async (tx) => {
      await dismissSetup(tx, new Date());
      return { result: null, audit: { action: 'setup.dismiss', entityType: 'settings', entityId: 'setup', summary: 'Dismissed the first-run checklist' } };
    });
  }
  return { ...before, dismissed: true };
}
