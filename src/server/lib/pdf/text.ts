import { baseFont, fontFor, type FontFile, type Weight } from './fonts.js';

/**
 * Text in our PDFs, in any script: the one place that decides how a string becomes glyphs on a page.
 *
 * - The string is cleaned (NFC; emoji and anything no font draws are dropped, never drawn as a box or
 *   as garbage; runs of white space become one space).
 * - It is cut into runs: each character goes to the font of the run it is in when that font draws it,
 *   else to the first font in fallback order that does (fonts.ts); spaces are runs of their own.
 * - Each run is drawn by pdfkit, which shapes it with fontkit (Indic conjuncts and vowel signs, Arabic
 *   joining forms; an Arabic run's glyphs come out right-to-left).
 * - A line is put in visual order with the Unicode bidi rule for two levels: a line whose first strong
 *   letter is Arabic reads right-to-left, and left-to-right runs inside it (Latin, digits) keep their
 *   own order.
 * - Each drawn line is marked with its text (ActualText), so copying or extracting the text gives the
 *   characters in reading order, whatever order the shaped glyphs are drawn in.
 * - A box shrinks the text to fit its width (down to minSize), then wraps it; it never cuts it. The box
 *   says where it ends (`bottom`), so what follows is placed below it.
 */

/** A pdfkit document. */
export type PdfDoc = PDFKit.PDFDocument;

export interface TextStyle {
  size: number;
  weight?: Weight;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Shrink down to this size before wrapping; no shrinking when not given. */
  minSize?: number;
  /** Line height as a multiple of the size (1.3 unless given). */
  lineHeight?: number;
}

export interface TextBox {
  /** Where the next thing can go: the bottom of the last line. */
  bottom: number;
  size: number;
  lines: string[];
}

type Features = Record<string, boolean>;
/** fontkit takes features on or off as an object; pdfkit's types only know a list of tags to turn on. */
const asOption = (features: Features) => features as unknown as PDFKit.Mixins.OpenTypeFeatures[];

interface Run {
  text: string;
  font: FontFile;
  /** Right-to-left letters (Arabic), left-to-right letters and digits, or neutral (spaces, punctuation). */
  dir: 'R' | 'L' | 'N';
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const emoji = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const emojiPresentation = /\p{Emoji_Presentation}|\uFE0F|\p{Regional_Indicator}|\u20E3|\p{Emoji_Modifier}/u;
const rtlScript = /[\p{scx=Arabic}\p{scx=Hebrew}\p{scx=Syriac}\p{scx=Thaana}\p{scx=Nko}]/u;
const combining = /\p{M}|[\u200C\u200D]/u;

function drawable(codePoint: number, weight: Weight): boolean {
  return fontFor(codePoint, weight) !== undefined;
}

/**
 * The text as it will be drawn: NFC, one space between words, no emoji (a pictograph drawn in text
 * style that a font has, like ©, stays), no character that no font draws.
 */
export function printable(text: string, weight: Weight = 'regular'): string {
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    if (/^\s+$/u.test(segment)) {
      out += ' ';
      continue;
    }
    if (emoji.test(segment) && emojiPresentation.test(segment)) continue;
    const kept = [...segment.replace(/[\uFE0E\uFE0F]/g, '')].filter((c) => !/\p{Cc}|\p{Cf}/u.test(c) || /[\u200C\u200D]/.test(c));
    if (kept.length === 0 || !kept.every((c) => /[\u200C\u200D]/.test(c) || drawable(c.codePointAt(0)!, weight))) continue;
    out += kept.join('');
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

/** Digits read left to right, even in Arabic text; letters and marks of a right-to-left script read right to left. */
function dirOf(char: string): Run['dir'] {
  if (/\p{N}/u.test(char)) return 'L';
  if (/[\p{L}\p{M}]/u.test(char)) return rtlScript.test(char) ? 'R' : 'L';
  return 'N';
}

/** Cut printable text into runs of one font and one direction; a space is always a run of its own. */
function runsOf(text: string, weight: Weight): Run[] {
  const runs: Run[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    if (char === ' ') {
      runs.push({ text: ' ', font: baseFont(weight), dir: 'N' });
      continue;
    }
    const codePoint = char.codePointAt(0)!;
    const joins = combining.test(char);
    const dir = joins && last && last.text !== ' ' ? last.dir : dirOf(char);
    if (last && last.text !== ' ' && (last.dir === dir || joins) && last.font.has(codePoint)) {
      last.text += char;
      continue;
    }
    const font = fontFor(codePoint, weight) ?? baseFont(weight);
    runs.push({ text: char, font, dir });
  }
  return runs;
}

/** The runs of one line in the order they are drawn, left to right (bidi rules L1-L2 for levels 0-2). */
export function visualOrder<T extends { dir: Run['dir'] }>(runs: T[]): T[] {
  const firstStrong = runs.find((r) => r.dir !== 'N')?.dir ?? 'L';
  const rtl = firstStrong === 'R';
  const strongBefore = (i: number) => {
    for (let j = i - 1; j >= 0; j--) if (runs[j]!.dir !== 'N') return runs[j]!.dir;
    return firstStrong;
  };
  const strongAfter = (i: number) => {
    for (let j = i + 1; j < runs.length; j++) if (runs[j]!.dir !== 'N') return runs[j]!.dir;
    return rtl ? 'R' : 'L';
  };
  const levels = runs.map((run, i) => {
    let dir = run.dir;
    if (dir === 'N') dir = strongBefore(i) === strongAfter(i) ? strongBefore(i) : rtl ? 'R' : 'L';
    if (rtl) return dir === 'R' ? 1 : 2;
    return dir === 'R' ? 1 : 0;
  });
  const order = runs.map((_, i) => i);
  for (let level = Math.max(0, ...levels); level >= 1; level--) {
    for (let i = 0; i < order.length;) {
      if (levels[order[i]!]! < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && levels[order[j]!]! >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  return order.map((i) => runs[i]!);
}

/** The fonts registered in each document (a document embeds only the glyphs it draws). */
const registeredIn = new WeakMap<PdfDoc, Set<string>>();
function setFont(doc: PdfDoc, font: FontFile, size: number): PdfDoc {
  let registered = registeredIn.get(doc);
  if (!registered) registeredIn.set(doc, (registered = new Set()));
  if (!registered.has(font.key)) {
    doc.registerFont(font.key, font.data);
    registered.add(font.key);
  }
  return doc.font(font.key).fontSize(size);
}

/**
 * OpenType features to turn off for a font. fontkit (2.0.4) fails on an above-base mark anchor that Noto
 * Sans Gurmukhi leaves empty ('abvm'); such a font is then set without that feature (the marks keep the
 * place the font draws them at), then without mark positioning at all, rather than not at all.
 */
const fallbackFeatures: Features[] = [{}, { abvm: false }, { abvm: false, blwm: false, mark: false, mkmk: false }];
const featuresOf = new Map<string, number>();
function features(doc: PdfDoc, font: FontFile, text: string): Features {
  let level = featuresOf.get(font.key) ?? 0;
  for (; level < fallbackFeatures.length - 1; level++) {
    try {
      doc.widthOfString(text, { features: asOption({ ...fallbackFeatures[level] }) });
      break;
    } catch {
      featuresOf.set(font.key, level + 1);
    }
  }
  return { ...fallbackFeatures[level] };
}

function runWidth(doc: PdfDoc, run: Run, size: number): number {
  setFont(doc, run.font, size);
  return doc.widthOfString(run.text, { features: asOption(features(doc, run.font, run.text)) });
}

function widthOf(doc: PdfDoc, text: string, size: number, weight: Weight): number {
  return runsOf(text, weight).reduce((sum, run) => sum + runWidth(doc, run, size), 0);
}

const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303F\uFF00-\uFFEF]/u;
/** Where a line may break: before a word, after a hyphen, around each CJK character. */
function breakUnits(text: string): string[] {
  const units: string[] = [];
  for (const [i, word] of text.split(' ').entries()) {
    const pieces = word.match(new RegExp(`${cjk.source}|[^-\\s${cjk.source.slice(1, -1)}]+-?|-`, 'gu')) ?? [word];
    pieces.forEach((piece, j) => units.push(i > 0 && j === 0 ? ` ${piece}` : piece));
  }
  return units;
}

/**
 * Greedy line filling, measuring each break unit once (a line's width is the sum of its units'); a unit
 * wider than the line is cut between grapheme clusters (never inside one).
 */
function wrap(doc: PdfDoc, text: string, width: number, size: number, weight: Weight): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const measure = (piece: string) => widthOf(doc, piece, size, weight);
  for (const unit of breakUnits(text)) {
    if (line) {
      const unitWidth = measure(unit);
      if (used + unitWidth <= width) {
        line += unit;
        used += unitWidth;
        continue;
      }
      lines.push(line.trim());
    }
    line = unit.trimStart();
    used = measure(line);
    if (used <= width) continue;
    let part = '';
    for (const { segment } of graphemes.segment(line)) {
      if (part && measure(part + segment) > width) {
        lines.push(part.trim());
        part = '';
      }
      part += segment;
    }
    line = part;
    used = measure(line);
  }
  if (line.trim()) lines.push(line.trim());
  return lines;
}

/** The lines a text takes in a box of this width, and at what size (shrunk to fit one line, then wrapped). */
export function layoutText(doc: PdfDoc, text: string, width: number, style: TextStyle): { lines: string[]; size: number } {
  const weight = style.weight ?? 'regular';
  const clean = printable(text, weight);
  const min = style.minSize ?? style.size;
  // Width grows with the size, so one measurement says how far to shrink.
  const natural = clean ? widthOf(doc, clean, style.size, weight) : 0;
  const size = natural > width ? Math.max(min, Math.floor(((style.size * width) / natural) * 2) / 2) : style.size;
  return { lines: clean ? wrap(doc, clean, width, size, weight) : [], size };
}

/** Draw a text in a box at (x, y) of this width; returns where the box ends. */
export function drawText(doc: PdfDoc, text: string, x: number, y: number, width: number, style: TextStyle): TextBox {
  const weight = style.weight ?? 'regular';
  const { lines, size } = layoutText(doc, text, width, style);
  const lineHeight = size * (style.lineHeight ?? 1.3);
  const baselineOffset = (lineHeight - size * 1.3) / 2 + size * 1.02;
  lines.forEach((line, i) => {
    const runs = visualOrder(runsOf(line, weight)).map((run) => ({ run, width: runWidth(doc, run, size) }));
    const total = runs.reduce((sum, r) => sum + r.width, 0);
    let cursor = style.align === 'center' ? x + (width - total) / 2 : style.align === 'right' ? x + width - total : x;
    const baseline = y + i * lineHeight + baselineOffset;
    doc.markContent('Span', { actual: line });
    for (const { run, width: runWidth } of runs) {
      if (run.text !== ' ')
        setFont(doc, run.font, size)
          .fillColor(style.color ?? '#111827')
          .text(run.text, cursor, baseline - size * run.font.ascent, { lineBreak: false, features: asOption(features(doc, run.font, run.text)) });
      cursor += runWidth;
    }
    doc.endMarkedContent();
  });
  return { bottom: y + lines.length * lineHeight, size, lines };
}
