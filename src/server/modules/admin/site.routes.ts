import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsBodySchema, siteSettingsSchema } from '../../../shared/admin.js';
import type { AppContext } from '../../context.js';
import { actorOf } from './guard.js';
import { adminDoc } from './openapi.js';
import { partialUpdate } from './patch.js';
import { readSettings, saveSettings } from './site.service.js';

export function siteAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/',
      { schema: { ...adminDoc, summary: 'Support address and the seller printed on invoices', response: { 200: siteSettingsSchema } } },
      async () => readSettings(ctx),
    );
    app.patch(
      '/settings/',
      {
        schema: {
          ...adminDoc,
          summary: 'Saves the fields sent (empty clears back to the environment value)',
          body: siteSettingsBodySchema,
          response: { 200: siteSettingsSchema },
        },
      },
      async (request) =>
        partialUpdate(
          request.body,
          () => readSettings(ctx),
          (body) => saveSettings(ctx, actorOf(request), body),
        ),
    );
  };
}
