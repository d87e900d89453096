import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsBodySchema, siteSettingsSchema } from '../../../shared/admin.js';
import { adminFiguresSchema } from '../../../shared/admin.js';
import { uploadLimits } from '../../../shared/uploads.js';
import type { AppContext } from '../../context.js';
import { readUpload, uploadForm } from '../../http/upload.js';
import { actorOf } from './guard.js';
import { adminDoc } from './openapi.js';
import { partialUpdate } from './patch.js';
import { readFigureDefaults, readSettings, removeSiteLogo, saveSettings, uploadSiteLogo } from './site.service.js';

const logoUpload = { field: 'image', maxBytes: uploadLimits.imageBytes, accepts: 'A JPEG, PNG, WebP, GIF or AVIF picture' };

export function siteAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/',
      {
        schema: {
          ...adminDoc,
          summary: "Support address, the seller printed on invoices, the site's name and logo, the home and subscribe pages' figures and wording",
          response: { 200: siteSettingsSchema },
        },
      },
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
    app.post(
      '/settings/logo/',
      {
        schema: {
          ...adminDoc,
          form: uploadForm(logoUpload),
          summary: `The site's logo, multipart field "image" (at most ${uploadLimits.imageBytes / (1024 * 1024)} MB; 413 when larger, 415 when not a picture); stored as a WebP within 512×512`,
          response: { 200: siteSettingsSchema },
        },
      },
      async (request) => uploadSiteLogo(ctx, actorOf(request), await readUpload(request, logoUpload)),
    );
    app.delete(
      '/settings/logo/',
      { schema: { ...adminDoc, summary: "Removes the site's logo (the default mark again)", response: { 200: siteSettingsSchema } } },
      async (request) => removeSiteLogo(ctx, actorOf(request)),
    );
    app.get(
      '/site-figures/',
      {
        schema: {
          ...adminDoc,
          summary: 'What each home and subscribe page figure shows while its Settings field is empty: the facts and the rounded figure',
          response: { 200: adminFiguresSchema },
        },
      },
      async () => readFigureDefaults(ctx),
    );
  };
}
