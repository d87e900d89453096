/**
 * Issue 21 item 2: certificates print names in any script the school's students write (the built-in
 * Helvetica garbled everything outside Latin-1), shaped, in reading order, and a long name stays in
 * its box and above the next line. The text is read back from the PDF (test/pdf-text.ts).
 */
import { describe, expect, it } from 'vitest';
import { pdfSpans, type PdfSpan } from '../../../../test/pdf-text.js';
import type { Certificate } from '../../../shared/learning.js';
import { renderCertificatePdf } from './certificate-pdf.js';

const certificate = (student_name: string, course_title = 'Django REST APIs: build and ship a real project'): Certificate => ({
  certificate_id: 'CERT-7F3A9C',
  student_name,
  course_title,
  course_slug: 'django-rest-apis',
  issued_at: '2026-11-26T10:00:00.000Z',
  verify_url: 'https://lectern.test/certificates/CERT-7F3A9C',
  download_url: 'https://lectern.test/api/v1/certificates/CERT-7F3A9C.pdf',
  credential_url: 'https://lectern.test/api/v1/certificates/CERT-7F3A9C/credential/',
});

async function spansOf(name: string, course?: string) {
  const spans = pdfSpans(await renderCertificatePdf(certificate(name, course)));
  const at = spans.findIndex((s) => s.text === 'This certifies that');
  const next = spans.findIndex((s) => s.text === 'has completed the project-based course');
  expect(at).toBeGreaterThanOrEqual(0);
  return { spans, name: spans.slice(at + 1, next), next: spans[next]! };
}

const drawn = (span: PdfSpan) => span.glyphs.filter(Boolean);

describe('the certificate prints the student’s name in their script', () => {
  it.each([
    ['Hindi', 'प्रिया शर्मा'],
    ['Tamil', 'கார்த்திக் சுப்பிரமணியன்'],
    ['Polish', 'Łukasz Ñúñez-Kowalski'],
    ['Chinese', '王小明'],
    ['Arabic', 'فاطمة الزهراء'],
    ['Bengali', 'সৌমিত্র চট্টোপাধ্যায়'],
    ['Telugu', 'వెంకట లక్ష్మి'],
    ['Gujarati', 'હાર્દિક પંડ્યા'],
    ['Kannada', 'ರಾಹುಲ್ ದ್ರಾವಿಡ್'],
    ['Malayalam', 'അഞ്ജലി മേനോൻ'],
    ['Gurmukhi', 'ਹਰਪ੍ਰੀਤ ਸਿੰਘ'],
    ['Japanese', 'さくら 山田'],
  ])('%s: %s', async (_, name) => {
    const { name: lines } = await spansOf(name);
    expect(lines.map((l) => l.text)).toEqual([name]);
    // Every glyph is a real one (no empty boxes), and together they draw every letter of the name.
    expect(lines[0]!.notdef).toBe(0);
    expect(drawn(lines[0]!).length).toBeGreaterThan(0);
    const letters = new Set([...name.normalize('NFD')].filter((c) => /\p{L}/u.test(c)));
    const glyphLetters = new Set([...drawn(lines[0]!).join('').normalize('NFD')]);
    for (const letter of letters) if (!/[\u0600-\u06FF]/.test(letter)) expect(glyphLetters).toContain(letter);
  });

  it('Hindi is shaped: the vowel sign ि is drawn before the conjunct it follows, the reph after its syllable', async () => {
    const { name } = await spansOf('प्रिया शर्मा');
    const glyphs = drawn(name[0]!);
    expect(glyphs.indexOf('ि')).toBeLessThan(glyphs.indexOf('प्र'));
    expect(glyphs.at(-1)).toBe('र्');
  });

  it('Arabic reads right to left: the last letter is drawn first (leftmost), the first letter last, and a number stays left of it', async () => {
    const { name } = await spansOf('فاطمة الزهراء 2');
    expect(name[0]!.text).toBe('فاطمة الزهراء 2');
    const glyphs = drawn(name[0]!);
    expect(glyphs[0]).toBe('2');
    expect(glyphs[1]).toBe('ء');
    expect(glyphs.at(-1)).toBe('ف');
  });

  it('an emoji is dropped, never drawn as garbage or a box', async () => {
    const { name } = await spansOf('Łukasz 🚀 Ñúñez-Kowalski');
    expect(name.map((l) => l.text)).toEqual(['Łukasz Ñúñez-Kowalski']);
    expect(name[0]!.notdef).toBe(0);
    expect(drawn(name[0]!).join('')).toBe('ŁukaszÑúñez-Kowalski');
  });
});

describe('a long name', () => {
  const long = 'Aleksandra Wiśniewska-Ramachandran Venkataraghavan Subrahmanyam Chakraborty Oyelaran-Fitzgerald de la Cruz Ngata Iyengar';

  it('of 120 characters shrinks, then wraps inside its box, and the next line stays below it', async () => {
    expect(long).toHaveLength(120);
    const { name, next } = await spansOf(long);
    expect(name.length).toBeGreaterThanOrEqual(2);
    expect(name.map((l) => l.text).join(' ')).toBe(long);
    const box = { left: 80, right: 841.89 - 80 };
    for (const line of name) {
      expect(line.size).toBeLessThan(30);
      expect(line.size).toBeGreaterThanOrEqual(20);
      // Centred: a line that starts inside the box's left edge ends inside its right edge.
      expect(line.x).toBeGreaterThanOrEqual(box.left);
      expect(line.x).toBeLessThan(box.right);
    }
    // Baselines (from the bottom of the page) go down line by line, a line apart, and the next text's
    // tallest letters stay below the name's lowest descender.
    for (let i = 1; i < name.length; i++) expect(name[i - 1]!.y - name[i]!.y).toBeGreaterThanOrEqual(name[i]!.size * 1.2);
    const last = name.at(-1)!;
    expect(last.y - next.y).toBeGreaterThanOrEqual(last.size * 0.3 + next.size);
  });

  it('the whole certificate stays on one page, and a name with no spaces is cut between letters, never lost', async () => {
    const pdf = await renderCertificatePdf(certificate('王'.repeat(120), 'A'.repeat(200)));
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    const { name } = await spansOf('王'.repeat(120));
    expect(name.map((l) => l.text).join('')).toBe('王'.repeat(120));
  });
});
