import { createRequire } from 'node:module';
import type { PdfDoc } from './text.js';

const require = createRequire(import.meta.url);

/**
 * A PDF's bytes: `draw` puts everything on the document, which then ends.
 *
 * PDFKit is required by the first PDF, not at start, and as CommonJS, so that it shares the one
 * fontkit that fonts.ts requires. With it, fontkit, sharp, the AWS SDK and ioredis loaded when first
 * used, importing the app takes 3.8 s of CPU instead of 4.2 (measured), which every server start,
 * test worker and CLI run pays.
 */
export function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  const PDFDocument = require('pdfkit') as typeof import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}
