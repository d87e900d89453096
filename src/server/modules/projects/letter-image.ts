import type { Font } from 'fontkit';
import QRCode from 'qrcode';
import type { Letter } from '../../../shared/projects.js';
import { loadSharp, previewJpeg } from '../../lib/images.js';
import { baseFont, fontFor, parseFont, type FontFile, type Weight } from '../../lib/pdf/fonts.js';

/**
 * The letter's share picture (og:image): a 1200×630 JPEG with the student's name, the project, the
 * course, the reviewer, the number, the status and a QR code of the verification URL. Drawn as an
 * SVG whose text is glyph outlines taken from the same Noto Sans files the PDFs embed (fontkit), so
 * it looks the same on a server without any font installed, then turned into a JPEG by sharp (the
 * image library the course pictures already use): no new dependency.
 */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

const parsed = new Map<string, Font>();
const fontkitOf = (file: FontFile): Font => {
  let font = parsed.get(file.key);
  if (!font) {
    font = parseFont(file.data);
    parsed.set(file.key, font);
  }
  return font;
};

interface Run {
  font: Font;
  text: string;
}

/** The text cut into runs of one font each (the first, in fallback order, that has the character). */
function runsOf(text: string, weight: Weight): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const file = fontFor(ch.codePointAt(0)!, weight) ?? baseFont(weight);
    const font = fontkitOf(file);
    const last = runs.at(-1);
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

const widthOf = (runs: Run[], size: number) => runs.reduce((sum, run) => sum + (run.font.layout(run.text).advanceWidth / run.font.unitsPerEm) * size, 0);

/**
 * One line of text as SVG paths, its baseline at (x, y): shrunk down to `minSize` to fit `maxWidth`,
 * then cut with an ellipsis.
 */
function textPaths(text: string, x: number, y: number, options: { size: number; minSize?: number; maxWidth: number; weight?: Weight; color: string }): string {
  const weight = options.weight ?? 'regular';
  let content = text.replace(/\s+/g, ' ').trim();
  let runs = runsOf(content, weight);
  let size = options.size;
  const width = widthOf(runs, size);
  if (width > options.maxWidth) size = Math.max(options.minSize ?? size, (size * options.maxWidth) / width);
  while (content.length > 1 && widthOf(runs, size) > options.maxWidth) {
    content = `${[...content].slice(0, -2).join('').trimEnd()}…`;
    runs = runsOf(content, weight);
  }
  const paths: string[] = [];
  let cursor = x;
  for (const run of runs) {
    const scale = size / run.font.unitsPerEm;
    const layout = run.font.layout(run.text);
    layout.glyphs.forEach((glyph, i) => {
      const position = layout.positions[i]!;
      const gx = cursor + position.xOffset * scale;
      const gy = y - position.yOffset * scale;
      const d = glyph.path.scale(scale, -scale).translate(gx, gy).toSVG();
      if (d) paths.push(`<path d="${d}"/>`);
      cursor += position.xAdvance * scale;
    });
  }
  return `<g fill="${options.color}">${paths.join('')}</g>`;
}

function qrRects(text: string, x: number, y: number, size: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  const rects: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col))
        rects.push(
          `<rect x="${(x + col * cell).toFixed(2)}" y="${(y + row * cell).toFixed(2)}" width="${(cell + 0.2).toFixed(2)}" height="${(cell + 0.2).toFixed(2)}"/>`,
        );
    }
  }
  return `<g fill="#111827">${rects.join('')}</g>`;
}

export function letterImageSvg(letter: Letter): string {
  const { width, height } = SHARE_SIZE;
  const left = 80;
  const textWidth = 760;
  const revoked = letter.status === 'revoked';
  const date = new Date(letter.issued_at).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const parts = [
    `<rect width="${width}" height="${height}" fill="#f7f7fb"/>`,
    `<rect width="${width}" height="14" fill="#3730a3"/>`,
    `<rect x="0" y="${height - 14}" width="${width}" height="14" fill="#f59e0b"/>`,
    textPaths('LECTERN', left, 92, { size: 30, weight: 'bold', color: '#3730a3', maxWidth: 300 }),
    textPaths('Pre-experience letter', left, 160, { size: 40, weight: 'bold', color: '#111827', maxWidth: textWidth }),
    textPaths(letter.student_name, left, 250, { size: 64, minSize: 36, weight: 'bold', color: '#3730a3', maxWidth: textWidth }),
    textPaths(letter.project_title, left, 320, { size: 34, minSize: 24, weight: 'bold', color: '#111827', maxWidth: textWidth }),
    textPaths(letter.course_title, left, 368, { size: 28, minSize: 20, color: '#374151', maxWidth: textWidth }),
    textPaths(`Reviewed by ${letter.reviewer_name}, ${letter.reviewer_role} · ${date}`, left, 430, {
      size: 24,
      minSize: 18,
      color: '#4b5563',
      maxWidth: textWidth,
    }),
    textPaths(`Letter ${letter.number}`, left, 540, { size: 24, color: '#4b5563', maxWidth: 360 }),
    `<rect x="${left + 380}" y="505" width="${revoked ? 190 : 170}" height="48" rx="24" fill="${revoked ? '#b91c1c' : '#15803d'}"/>`,
    textPaths(revoked ? 'REVOKED' : 'VERIFIED', left + 404, 540, { size: 24, weight: 'bold', color: '#ffffff', maxWidth: 150 }),
    `<rect x="892" y="150" width="248" height="248" rx="12" fill="#ffffff"/>`,
    qrRects(letter.verify_url, 906, 164, 220),
    textPaths('Scan to verify', 940, 440, { size: 22, color: '#4b5563', maxWidth: 200 }),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

export async function renderLetterImage(letter: Letter): Promise<Buffer> {
  const sharp = await loadSharp();
  return previewJpeg(sharp(Buffer.from(letterImageSvg(letter))));
}
