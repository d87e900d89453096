import type { Certificate } from '../../../shared/learning.js';
import { renderPdf } from '../../lib/pdf/document.js';
import { drawText, type TextStyle } from '../../lib/pdf/text.js';

const accent = '#3730a3';
const muted = '#4b5563';

/**
 * A landscape A4 certificate with the student's name, the course, the date and its verification id.
 * The text is set with the PDF text module (any script; a long name shrinks, then wraps) and flows:
 * each line starts below the one before it, so a two-line name pushes the rest down, never over it.
 */
export function renderCertificatePdf(certificate: Certificate): Promise<Buffer> {
  return renderPdf(
    {
      size: 'A4',
      layout: 'landscape',
      margin: 0,
      info: { Title: `Certificate ${certificate.certificate_id}`, Author: 'Lectern' },
    },
    (doc) => {
      const { width, height } = doc.page;
      doc.rect(0, 0, width, height).fill('#f7f7fb');
      doc
        .rect(24, 24, width - 48, height - 48)
        .lineWidth(3)
        .stroke(accent);
      doc
        .rect(34, 34, width - 68, height - 68)
        .lineWidth(1)
        .stroke('#f59e0b');
      const boxX = 80;
      const boxWidth = width - 160;
      /** Centred text whose top is at least at `y`, below the previous block by `gap`; returns its bottom. */
      let bottom = 0;
      const center = (text: string, y: number, style: TextStyle, gap = 8) => {
        bottom = drawText(doc, text, boxX, Math.max(y, bottom + gap), boxWidth, { align: 'center', ...style }).bottom;
        return bottom;
      };
      center('LECTERN', 78, { size: 16, weight: 'bold', color: accent });
      center('Certificate of Completion', 124, { size: 34, weight: 'bold' });
      center('This certifies that', 196, { size: 14, color: muted });
      center(certificate.student_name, 222, { size: 30, minSize: 20, weight: 'bold', color: accent });
      center('has completed the project-based course', 284, { size: 14, color: muted }, 14);
      center(certificate.course_title, 310, { size: 22, minSize: 16, weight: 'bold' });
      const date = new Date(certificate.issued_at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
      center(`Issued ${date}`, 372, { size: 12, color: muted }, 18);
      center(`Certificate ID ${certificate.certificate_id}`, 432, { size: 11, color: '#6b7280' }, 24);
      center(`Verify at ${certificate.verify_url}`, 0, { size: 11, color: '#6b7280' }, 2);
    },
  );
}
