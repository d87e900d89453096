import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCourseSchema } from '../../../shared/admin.js';
import { uploadLimits } from '../../../shared/uploads.js';
import type { AppContext } from '../../context.js';
import { readUpload, uploadForm } from '../../http/upload.js';
import { actorOf } from './guard.js';
import * as media from './media.service.js';
import { adminDoc, idParam } from './openapi.js';

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const courseImage = { field: 'image', maxBytes: uploadLimits.imageBytes, accepts: 'A JPEG, PNG, WebP, GIF or AVIF picture' };
const lessonResource = { field: 'file', maxBytes: uploadLimits.resourceBytes, accepts: 'A PDF, ZIP or plain text file' };

/** The studio's uploads into the catalog: a course's image and a lesson's downloadable file. */
export function mediaAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/courses/:courseId/image/',
      {
        schema: {
          ...adminDoc,
          form: uploadForm(courseImage),
          summary: `Multipart field "image" (JPEG, PNG, WebP, GIF or AVIF, at most ${mb(uploadLimits.imageBytes)}): cropped to 16:9 and re-encoded; 413 when larger, 415 when not a picture`,
          params: z.object({ courseId: idParam }),
          response: { 200: adminCourseSchema },
        },
      },
      async (request) => {
        const upload = await readUpload(request, courseImage);
        return media.uploadCourseImage(ctx, actorOf(request), request.params.courseId, upload);
      },
    );

    app.post(
      '/lessons/:lessonId/resource/',
      {
        schema: {
          ...adminDoc,
          form: uploadForm(lessonResource),
          summary: `Multipart field "file" (PDF, ZIP or plain text, at most ${mb(uploadLimits.resourceBytes)}): the lesson's download, replacing any previous one; 413 when larger, 415 for other types`,
          params: z.object({ lessonId: idParam }),
          response: { 200: adminCourseSchema },
        },
      },
      async (request) => {
        const upload = await readUpload(request, lessonResource);
        return media.uploadLessonResource(ctx, actorOf(request), request.params.lessonId, upload);
      },
    );

    app.delete(
      '/resources/:resourceId/',
      {
        schema: {
          ...adminDoc,
          summary: "Removes a lesson's downloadable file",
          params: z.object({ resourceId: idParam }),
          response: { 200: adminCourseSchema },
        },
      },
      async (request) => media.removeLessonResource(ctx, actorOf(request), request.params.resourceId),
    );
  };
}
