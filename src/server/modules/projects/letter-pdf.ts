import QRCode from 'qrcode';
import type { Letter } from '../../../shared/projects.js';
import { renderPdf } from '../../lib/pdf/document.js';
import { drawText, type TextStyle } from '../../lib/pdf/text.js';

const accent = '#3730a3';
const muted = '#4b5563';

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The QR code of `text` as a square of dark modules drawn at (x, y), `size` points wide. */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  doc.save().fillColor('#111827');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell + 0.01, cell + 0.01);
    }
  }
  doc.fill().restore();
}

/**
 * A portrait A4 pre-experience letter: the letterhead, the facts (student, project, course, the
 * criteria met, the reviewer, the date), the letter number, the verification URL and its QR code.
 * A revoked letter stays downloadable for the record and says so at the top. Text goes through the
 * PDF text module (any script; long lines shrink, then wrap) and flows down the page.
 */
export function renderLetterPdf(letter: Letter): Promise<Buffer> {
  return renderPdf({ size: 'A4', margin: 0, info: { Title: `Pre-experience letter ${letter.number}`, Author: 'Lectern' } }, (doc) => {
    const { width, height } = doc.page;
    const left = 64;
    const boxWidth = width - left * 2;

    // Letterhead
    doc.rect(0, 0, width, 96).fill(accent);
    drawText(doc, 'LECTERN', left, 30, boxWidth / 2, { size: 22, weight: 'bold', color: '#ffffff' });
    drawText(doc, 'Project-based courses, reviewed personally', left, 60, boxWidth, { size: 10, color: '#e0e7ff' });
    drawText(doc, letter.number, left + boxWidth / 2, 36, boxWidth / 2, { size: 11, color: '#ffffff', align: 'right' });

    let bottom = 120;
    const line = (text: string, style: TextStyle, gap = 10) => {
      bottom = drawText(doc, text, left, bottom + gap, boxWidth, style).bottom;
      return bottom;
    };
    if (letter.status === 'revoked' && letter.revoked_at) {
      line(`REVOKED on ${longDate(letter.revoked_at)}: this letter is no longer valid.`, { size: 12, weight: 'bold', color: '#b91c1c' }, 0);
    }
    line('Pre-experience letter', { size: 26, weight: 'bold' }, 14);
    line(`Issued ${longDate(letter.issued_at)}`, { size: 11, color: muted }, 4);
    line('To whom it may concern,', { size: 12 }, 24);
    line('This letter confirms that', { size: 12, color: muted }, 12);
    line(letter.student_name, { size: 22, minSize: 14, weight: 'bold', color: accent }, 6);
    line('completed the project', { size: 12, color: muted }, 10);
    line(letter.project_title, { size: 16, minSize: 11, weight: 'bold' }, 4);
    line(`of the course ${letter.course_title},`, { size: 12 }, 4);
    line('and that the submitted work was reviewed personally and approved against each of these criteria:', { size: 12, color: muted }, 10);
    for (const criterion of letter.criteria) line(`•  ${criterion}`, { size: 11 }, 6);
    line(`Reviewed and approved by ${letter.reviewer_name}, ${letter.reviewer_role}.`, { size: 12 }, 18);

    // Verification: the URL, the number and a QR code of the URL.
    const qrSize = 110;
    const qrY = Math.max(bottom + 30, height - 64 - qrSize);
    drawQrCode(doc, letter.verify_url, left, qrY, qrSize);
    const textX = left + qrSize + 20;
    const textWidth = boxWidth - qrSize - 20;
    let y = drawText(doc, 'Verify this letter', textX, qrY + 6, textWidth, { size: 12, weight: 'bold' }).bottom;
    y = drawText(doc, letter.verify_url, textX, y + 6, textWidth, { size: 10, minSize: 7, color: accent }).bottom;
    y = drawText(doc, `Letter number ${letter.number}`, textX, y + 6, textWidth, { size: 10, color: muted }).bottom;
    drawText(doc, 'Also issued as a signed Open Badges 3.0 credential, verifiable offline.', textX, y + 6, textWidth, { size: 9, color: muted });
  });
}
