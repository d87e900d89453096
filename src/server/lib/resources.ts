import path from 'node:path';

/** Extensions accepted as plain text (notes, source code, data); their content must be UTF-8 text too. */
const TEXT_EXTENSIONS = new Set([
  'txt',
  'md',
  'py',
  'js',
  'ts',
  'json',
  'csv',
  'sql',
  'html',
  'css',
  'java',
  'c',
  'cpp',
  'go',
  'rs',
  'rb',
  'php',
  'sh',
  'yml',
  'yaml',
]);

export interface ResourceKind {
  contentType: string;
  /** The extension of the storage key: ours, from the content, never the uploader's. */
  extension: string;
}

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((b, i) => bytes[i] === b);

function isUtf8Text(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a lesson resource is, judged by its bytes: a PDF (`%PDF-`), a ZIP archive (`PK`), or UTF-8
 * text without NUL bytes named like notes or source code. Anything else (executables, office
 * files, images pretending to be PDFs) is undefined. Resources are served as attachments with
 * `nosniff`, under the type decided here.
 */
export function detectResource(bytes: Buffer, fileName: string): ResourceKind | undefined {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', extension: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return { contentType: 'application/zip', extension: 'zip' };
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (TEXT_EXTENSIONS.has(extension) && isUtf8Text(bytes)) return { contentType: 'text/plain; charset=utf-8', extension: 'txt' };
  return undefined;
}

/** The uploader's file name made safe to show and to offer as the download's name. */
export function cleanFileName(fileName: string, extension: string): string {
  const base = path.basename(fileName.replace(/\\/g, '/'));
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127)
    .join('')
    .replace(/[<>:"/\\|?*]/g, '_')
    .trim()
    .slice(-150);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : `resource.${extension}`;
}

/** A ZIP archive ends with its end-of-central-directory record (`PK\x05\x06`), within the last 64 KiB and 22 bytes. */
function hasZipDirectory(bytes: Buffer): boolean {
  const from = Math.max(0, bytes.length - (0xffff + 22));
  return bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]), bytes.length - 22) >= from;
}

/**
 * What a project submission's file is, judged by its bytes: a PDF (`%PDF-`) or a ZIP archive (its
 * local header and its central directory both there); anything else (an executable renamed .pdf,
 * random bytes named .zip) is undefined. The name the uploader gave it plays no part.
 */
export function detectSubmissionFile(bytes: Buffer): ResourceKind | undefined {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { contentType: 'application/pdf', extension: 'pdf' };
  const zipStart = startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]);
  if (zipStart && bytes.length >= 22 && hasZipDirectory(bytes)) return { contentType: 'application/zip', extension: 'zip' };
  return undefined;
}
