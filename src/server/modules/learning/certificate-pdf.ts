import PDFDocument from 'pdfkit';
import type { Certificate } from '../../../shared/learning.js';

/** A landscape A4 certificate with the student's name, the course, the date and its verification id. */
export function renderCertificatePdf(certificate: Certificate): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 0,
      info: { Title: `Certificate ${certificate.certificate_id}`, Author: 'Lectern' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const { width, height } = doc.page;
    doc.rect(0, 0, width, height).fill('#f7f7fb');
    doc
      .rect(24, 24, width - 48, height - 48)
      .lineWidth(3)
      .stroke('#3730a3');
    doc
      .rect(34, 34, width - 68, height - 68)
      .lineWidth(1)
      .stroke('#f59e0b');
    const center = (text: string, y: number, size: number, font = 'Helvetica', color = '#111827') =>
      doc
        .fillColor(color)
        .font(font)
        .fontSize(size)
        .text(text, 60, y, { width: width - 120, align: 'center' });
    center('LECTERN', 80, 16, 'Helvetica-Bold', '#3730a3');
    center('Certificate of Completion', 130, 34, 'Helvetica-Bold');
    center('This certifies that', 200, 14, 'Helvetica', '#4b5563');
    center(certificate.student_name, 230, 30, 'Helvetica-Bold', '#3730a3');
    center('has completed the project-based course', 285, 14, 'Helvetica', '#4b5563');
    center(certificate.course_title, 315, 22, 'Helvetica-Bold');
    const date = new Date(certificate.issued_at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    center(`Issued ${date}`, 380, 12, 'Helvetica', '#4b5563');
    center(`Certificate ID ${certificate.certificate_id}`, 440, 11, 'Helvetica', '#6b7280');
    center(`Verify at ${certificate.verify_url}`, 458, 11, 'Helvetica', '#6b7280');
    doc.end();
  });
}
