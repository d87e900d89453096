import { z } from 'zod';

/**
 * The studio's uploads: course images, lesson resources, the instructor's photo and review
 * thumbnails. Limits and messages are shared so the browser can refuse a file before sending it
 * and the server says the same words when it refuses one.
 */
export const uploadLimits = {
  /** Pictures (course image, instructor photo, review thumbnail), before re-encoding. */
  imageBytes: 10 * 1024 * 1024,
  /** Lesson resources (PDF, ZIP, text), stored as sent. */
  resourceBytes: 25 * 1024 * 1024,
} as const;

/** The course image as stored: 1280×720 (16:9, twice the 640×360 the storefront's cards and side card show). */
export const courseImageSize = { width: 1280, height: 720 } as const;

/** The picture a course shows until one is uploaded (public/media, with its link-preview JPEG beside it). */
export const placeholderCourseImage = '/media/courses/default.svg';

export const imageAccept = 'image/jpeg,image/png,image/webp,image/gif,image/avif';
export const resourceAccept = '.pdf,.zip,.txt,.md,.py,.js,.ts,.json,.csv,.sql,.html,.css,.java,.c,.cpp,.go,.rs,.rb,.php,.sh,.yml,.yaml';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const uploadMessages = {
  tooLarge: (limitBytes: number) => `This file is larger than ${megabytes(limitBytes)} MB. Choose a smaller file.`,
  notImage: 'This file is not a picture we can read. Upload a JPEG, PNG, WebP, GIF or AVIF image.',
  resourceType: 'Upload a PDF, a ZIP archive or a plain-text file (notes, source code, CSV).',
  missingFile: 'Choose a file to upload.',
  notMultipart: 'Send the file as multipart/form-data.',
} as const;

/** A stored lesson resource as the studio lists it. */
export const adminResourceSchema = z.object({ id: z.number().int(), file_name: z.string(), content_type: z.string(), size_bytes: z.number().int() });
export type AdminResource = z.infer<typeof adminResourceSchema>;

/** An uploaded picture: where it is served (a path under /uploads/). */
export const uploadedImageSchema = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** What the browser checks before sending a file (the server checks again, by content). */
export function checkFileBeforeUpload(file: File, kind: 'image' | 'resource'): string | undefined {
  const limit = kind === 'image' ? uploadLimits.imageBytes : uploadLimits.resourceBytes;
  if (file.size > limit) return uploadMessages.tooLarge(limit);
  if (file.size === 0) return uploadMessages.missingFile;
  if (kind === 'image' && file.type && !imageAccept.split(',').includes(file.type)) return uploadMessages.notImage;
  return undefined;
}
