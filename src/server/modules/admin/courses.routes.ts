import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCourseListItemSchema,
  adminCourseQuerySchema,
  adminCourseSchema,
  categoryBodySchema,
  categorySchema,
  courseBodySchema,
  coursePatchSchema,
  curriculumOrderSchema,
  lessonBodySchema,
  pageOf,
  previewQuerySchema,
  pricesBodySchema,
  sectionBodySchema,
  sectionPatchSchema,
} from '../../../shared/admin.js';
import { courseDetailSchema } from '../../../shared/catalog.js';
import type { AppContext } from '../../context.js';
import { quizStatsSchema } from '../../../shared/quizzes.js';
import * as catalog from '../catalog/index.js';
import { quizStats } from '../learning/index.js';
import { courseDetailView } from '../storefront/index.js';
import * as courses from './courses.service.js';
import { actorOf } from './guard.js';
import { errors } from '../../http/openapi.js';
import { adminDoc, idParam } from './openapi.js';
import { partialUpdate } from './patch.js';
import { pageWindow } from './paging.js';
import { studioCourse, studioCourses } from './studio-course.js';

const courseParams = z.object({ courseId: idParam });
const sectionParams = z.object({ sectionId: idParam });
const lessonParams = z.object({ lessonId: idParam });
const transitions = {
  publish: 'Publishes the course (needs a lesson, and a paid course a USD price)',
  unpublish: 'Takes the course off the storefront (back to draft)',
  archive: 'Archives the course: off the storefront and the list; enrolled students keep access',
  restore: 'Brings an archived course back as a draft',
} as const;

export function courseAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/courses/',
      {
        schema: {
          ...adminDoc,
          summary: 'Every course (archived ones with state=archived), sorted and paged',
          querystring: adminCourseQuerySchema,
          response: { 200: pageOf(adminCourseListItemSchema) },
        },
      },
      async (request) => {
        const { page, page_size, ...filter } = request.query;
        return studioCourses(ctx.db, filter, { ...pageWindow({ page, page_size }), page });
      },
    );

    app.post(
      '/courses/',
      { schema: { ...adminDoc, summary: 'Creates a course as a draft', body: courseBodySchema, response: { 201: adminCourseSchema } } },
      async (request, reply) => reply.code(201).send(await courses.createCourse(ctx, actorOf(request), request.body)),
    );

    app.get(
      '/courses/:courseId/',
      {
        schema: {
          ...adminDoc,
          summary: 'A course with its whole curriculum, prices and former addresses',
          params: courseParams,
          response: { 200: adminCourseSchema },
        },
      },
      async (request) => studioCourse(ctx.db, request.params.courseId),
    );

    app.patch(
      '/courses/:courseId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Edits the fields sent; a new slug keeps the old address redirecting',
          params: courseParams,
          body: coursePatchSchema,
          response: { 200: adminCourseSchema },
        },
      },
      async (request) =>
        partialUpdate(
          request.body,
          () => studioCourse(ctx.db, request.params.courseId),
          (patch) => courses.updateCourse(ctx, actorOf(request), request.params.courseId, patch),
        ),
    );

    for (const [transition, summary] of Object.entries(transitions) as [keyof typeof transitions, string][]) {
      app.post(
        `/courses/:courseId/${transition}/`,
        { schema: { ...adminDoc, summary, params: courseParams, response: { 200: adminCourseSchema } } },
        async (request) => courses.transitionCourse(ctx, actorOf(request), request.params.courseId, transition),
      );
    }

    app.put(
      '/courses/:courseId/prices/',
      {
        schema: {
          ...adminDoc,
          summary: 'Sets the price and regular price per region (the currency follows the region)',
          params: courseParams,
          body: pricesBodySchema,
          response: { 200: adminCourseSchema },
        },
      },
      async (request) => courses.setPrices(ctx, actorOf(request), request.params.courseId, request.body),
    );

    app.get(
      '/courses/:courseId/preview/',
      {
        schema: {
          ...adminDoc,
          summary: 'The course page as a visitor or an enrolled student sees it, published or not',
          params: courseParams,
          querystring: previewQuerySchema,
          response: { 200: courseDetailSchema },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return courseDetailView(await courses.previewCourse(ctx, actorOf(request), request.params.courseId, request.query.as));
      },
    );

    app.put(
      '/courses/:courseId/curriculum/',
      {
        schema: {
          ...adminDoc,
          summary: 'Applies a drag and drop: every section and lesson in its new place',
          params: courseParams,
          body: curriculumOrderSchema,
          response: { 200: adminCourseSchema },
        },
      },
      async (request) => courses.reorder(ctx, actorOf(request), request.params.courseId, request.body),
    );

    app.post(
      '/courses/:courseId/sections/',
      { schema: { ...adminDoc, summary: 'Adds a section at the end', params: courseParams, body: sectionBodySchema, response: { 201: adminCourseSchema } } },
      async (request, reply) => reply.code(201).send(await courses.addSection(ctx, actorOf(request), request.params.courseId, request.body)),
    );

    app.patch(
      '/sections/:sectionId/',
      {
        schema: {
          ...adminDoc,
          summary: 'Renames a section and/or sets its drip schedule (available_after_days or available_from, not both)',
          params: sectionParams,
          body: sectionPatchSchema,
          response: { 200: adminCourseSchema },
        },
      },
      async (request) =>
        partialUpdate(
          request.body,
          () => courses.courseOfSection(ctx, request.params.sectionId),
          (body) => courses.updateSection(ctx, actorOf(request), request.params.sectionId, body),
        ),
    );

    app.delete(
      '/sections/:sectionId/',
      { schema: { ...adminDoc, summary: 'Deletes an empty section', params: sectionParams, response: { 200: adminCourseSchema, ...errors(409) } } },
      async (request) => courses.deleteSection(ctx, actorOf(request), request.params.sectionId),
    );

    app.post(
      '/sections/:sectionId/lessons/',
      {
        schema: {
          ...adminDoc,
          summary: 'Adds a lesson at the end of a section (video URL checked, article HTML sanitised)',
          params: sectionParams,
          body: lessonBodySchema,
          response: { 201: adminCourseSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await courses.addLesson(ctx, actorOf(request), request.params.sectionId, request.body)),
    );

    app.put(
      '/lessons/:lessonId/',
      { schema: { ...adminDoc, summary: 'Replaces a lesson', params: lessonParams, body: lessonBodySchema, response: { 200: adminCourseSchema } } },
      async (request) => courses.editLesson(ctx, actorOf(request), request.params.lessonId, request.body),
    );

    app.delete(
      '/lessons/:lessonId/',
      { schema: { ...adminDoc, summary: "Deletes a lesson (and its students' progress on it)", params: lessonParams, response: { 200: adminCourseSchema } } },
      async (request) => courses.removeLesson(ctx, actorOf(request), request.params.lessonId),
    );

    app.get(
      '/courses/:courseId/quiz-stats/',
      {
        schema: {
          ...adminDoc,
          summary: 'Per quiz of the course: the share of students right on each question at their first attempt, hardest first',
          params: courseParams,
          response: { 200: quizStatsSchema },
        },
      },
      async (request) => {
        await catalog.slugOfCourse(ctx.db, request.params.courseId);
        return quizStats(ctx.db, request.params.courseId);
      },
    );

    app.get('/categories/', { schema: { ...adminDoc, summary: 'Course categories', response: { 200: z.array(categorySchema) } } }, async () =>
      catalog.listCategories(ctx.db),
    );

    app.post(
      '/categories/',
      { schema: { ...adminDoc, summary: 'Adds a category', body: categoryBodySchema, response: { 201: categorySchema } } },
      async (request, reply) => reply.code(201).send(await courses.createCategory(ctx, actorOf(request), request.body)),
    );
  };
}
