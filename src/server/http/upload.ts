import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { uploadMessages } from '../../shared/uploads.js';
import { AppError } from '../errors.js';
import { fileField, type DocumentedForm } from './openapi.js';

export interface Upload {
  /** The name the uploader's computer gave the file (shown, never used as a storage key). */
  fileName: string;
  bytes: Buffer;
}

export interface UploadOptions {
  /** The multipart field holding the file. */
  field: string;
  maxBytes: number;
  /** What the file may be, for the document ('a PDF, ZIP or plain text file'). */
  accepts?: string;
}

/** The document's form for an upload read by `readUpload` with the same options: multipart with the one file field. */
export function uploadForm(options: UploadOptions): DocumentedForm {
  const mb = Math.round(options.maxBytes / (1024 * 1024));
  return { consumes: ['multipart/form-data'], schema: z.object({ [options.field]: fileField(`${options.accepts ?? 'The file'}, at most ${mb} MB`) }) };
}

/** Room for the multipart boundaries and headers around the file. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Reads one file sent as multipart/form-data under `field`, entirely in memory and up to
 * `maxBytes`. A larger body answers 413 before anything is stored (the declared length is checked
 * first, and the stream is cut at the limit whatever it declared); no multipart answers 415; a
 * missing or empty file 400 under the field's name. Other fields and files are ignored.
 */
export async function readUpload(request: FastifyRequest, options: UploadOptions): Promise<Upload> {
  const { field, maxBytes } = options;
  const tooLarge = () => new AppError('too_large', uploadMessages.tooLarge(maxBytes), { [field]: [uploadMessages.tooLarge(maxBytes)] });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) throw tooLarge();
  if (!request.isMultipart()) throw new AppError('unsupported_type', uploadMessages.notMultipart, { [field]: [uploadMessages.notMultipart] });

  let upload: Upload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== field || upload) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length) upload = { fileName: part.filename, bytes };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // Only parsing happens in the loop: whatever else failed is a malformed body.
    throw AppError.fields({ [field]: [(error as Error).message || uploadMessages.notMultipart] });
  }
  if (!upload) throw AppError.fields({ [field]: [uploadMessages.missingFile] });
  return upload;
}

export interface FormOptions extends UploadOptions {
  /** The text fields read beside the file; others are ignored. */
  fields: readonly string[];
  /** The longest a text field may be, in bytes; a longer one is reported under its name (`tooLong`). */
  maxFieldBytes: number;
}

export interface ReadForm {
  fields: Record<string, string>;
  /** Text fields cut at `maxFieldBytes`: too long, whatever their own rule says. */
  tooLong: string[];
  upload: Upload | undefined;
}

/**
 * Reads a multipart/form-data body of text fields and at most one file under `field` (optional,
 * unlike `readUpload`), in memory and up to `maxBytes` for the file: a larger one answers 413
 * before anything is stored, a malformed body 400. The caller validates the fields.
 */
export async function readForm(request: FastifyRequest, options: FormOptions): Promise<ReadForm> {
  const { field, maxBytes } = options;
  const tooLarge = () => new AppError('too_large', uploadMessages.tooLarge(maxBytes), { [field]: [uploadMessages.tooLarge(maxBytes)] });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + options.fields.length * options.maxFieldBytes + ENVELOPE_BYTES) throw tooLarge();
  const fields: Record<string, string> = {};
  const tooLong: string[] = [];
  let upload: Upload | undefined;
  try {
    const limits = { fileSize: maxBytes, files: 1, fields: options.fields.length + 5, fieldSize: options.maxFieldBytes, parts: options.fields.length + 7 };
    for await (const part of request.parts({ limits })) {
      if (part.type !== 'file') {
        if (options.fields.includes(part.fieldname) && !(part.fieldname in fields)) {
          fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
          if (part.valueTruncated) tooLong.push(part.fieldname);
        }
        continue;
      }
      if (part.fieldname !== field || upload) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length) upload = { fileName: part.filename, bytes };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw AppError.fields({ non_field_errors: [(error as Error).message || uploadMessages.notMultipart] });
  }
  return { fields, tooLong, upload };
}
