import type { AdminCourse } from '../../../shared/admin.js';
import { courseImageSize, uploadMessages } from '../../../shared/uploads.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Upload } from '../../http/upload.js';
import { newKey } from '../../integrations/storage/index.js';
import { deleteCourseImage, storeCourseImage } from '../../lib/images.js';
import { cleanFileName, detectResource } from '../../lib/resources.js';
import * as catalog from '../catalog/index.js';
import type { Actor } from './audit.js';
import { catalogChange } from './courses.service.js';
import { deleteStoredResources } from './stored-files.js';
import { studioCourse } from './studio-course.js';

/**
 * Runs `change` after a file was stored; if the change fails (a row vanished, the database said
 * no), the stored file is deleted again, so a refused upload leaves nothing behind.
 */
export async function keepOnlyIfCommitted<T>(removeStored: () => Promise<void>, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    await removeStored().catch(() => undefined);
    throw error;
  }
}

/**
 * A new course image: decoded by content (the name and declared type are ignored), cropped to
 * 16:9 and re-encoded (WebP, with a JPEG beside it for link previews). The old upload is deleted
 * once the change is committed.
 */
export async function uploadCourseImage(ctx: AppContext, actor: Actor, courseId: number, upload: Upload): Promise<AdminCourse> {
  await catalog.slugOfCourse(ctx.db, courseId); // 404 before anything is stored
  const imagePath = await storeCourseImage(ctx.storage, upload.bytes, courseImageSize);
  if (!imagePath) throw new AppError('unsupported_type', uploadMessages.notImage, { image: [uploadMessages.notImage] });
  const { course, before } = await keepOnlyIfCommitted(
    () => deleteCourseImage(ctx.storage, imagePath),
    () =>
      catalogChange(ctx, actor, async (tx) => {
        const change = await catalog.setCourseImage(tx, courseId, imagePath);
        const result = { course: await studioCourse(tx, courseId), before: change.before.course_image };
        return {
          result,
          audit: {
            action: 'course.image',
            entityType: 'course',
            entityId: courseId,
            summary: `New image for "${result.course.title}" (${upload.bytes.length} bytes uploaded as ${upload.fileName || 'unnamed'})`,
            before: change.before,
            after: change.after,
          },
        };
      }),
  );
  await deleteCourseImage(ctx.storage, before);
  return course;
}

/**
 * A lesson's downloadable file: judged by content (PDF, ZIP or UTF-8 text), stored under a key
 * of ours in the private `resources/` folder, and served only through the signed links the
 * catalog issues to viewers the access module lets open the lesson. Replaces the lesson's
 * previous file.
 */
export async function uploadLessonResource(ctx: AppContext, actor: Actor, lessonId: number, upload: Upload): Promise<AdminCourse> {
  await catalog.lessonForResource(ctx.db, lessonId); // 404 before anything is stored
  const kind = detectResource(upload.bytes, upload.fileName);
  if (!kind) throw new AppError('unsupported_type', uploadMessages.resourceType, { file: [uploadMessages.resourceType] });
  const storagePath = newKey(`resources/${lessonId}`, kind.extension);
  await ctx.storage.put(storagePath, upload.bytes, { contentType: kind.contentType });
  const file = { fileName: cleanFileName(upload.fileName, kind.extension), storagePath, contentType: kind.contentType, sizeBytes: upload.bytes.length };
  const { course, removedPaths } = await keepOnlyIfCommitted(
    () => ctx.storage.delete(storagePath),
    () =>
      catalogChange(ctx, actor, async (tx) => {
        const change = await catalog.replaceLessonResource(tx, lessonId, file);
        return {
          result: { course: await studioCourse(tx, change.courseId), removedPaths: change.removedPaths },
          audit: {
            action: 'lesson.resource',
            entityType: 'course',
            entityId: change.courseId,
            summary: `Attached "${file.fileName}" to lesson "${change.lessonTitle}"`,
            before: change.before,
            after: change.after,
          },
        };
      }),
  );
  await deleteStoredResources(ctx, removedPaths);
  return course;
}

export async function removeLessonResource(ctx: AppContext, actor: Actor, resourceId: number): Promise<AdminCourse> {
  const { course, removedPath } = await catalogChange(ctx, actor, async (tx) => {
    const change = await catalog.deleteLessonResource(tx, resourceId);
    return {
      result: { course: await studioCourse(tx, change.courseId), removedPath: change.removedPath },
      audit: {
        action: 'lesson.resource.delete',
        entityType: 'course',
        entityId: change.courseId,
        summary: `Removed "${change.before.file_name}"`,
        before: change.before,
      },
    };
  });
  await deleteStoredResources(ctx, [removedPath]);
  return course;
}
