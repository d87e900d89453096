import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import type { Font } from 'fontkit';

/**
 * The fonts every PDF we print (certificates, invoices, letters) draws its text with: Noto Sans, from
 * the @fontsource packages `npm ci` installs (SIL Open Font License 1.1). Each package is cut into
 * unicode-range subsets (`unicode.json`: subset -> ranges; Noto Sans SC is cut into ~100 numbered
 * chunks), so a face here is a list of subset files and a character is drawn with the first subset,
 * in fallback order, whose file has a glyph for it. Files are read the first time a character needs
 * them and kept (`loaded`), so a Latin-only invoice never reads the CJK chunks.
 *
 * The WOFF (1.0) files are used, not WOFF2: fontkit reads both, but pdfkit's subsetting of a WOFF2
 * file embeds glyphs that draw nothing. Each WOFF is unpacked to a plain TrueType file once, here, with
 * zlib: left packed, pdfkit would inflate its tables again in JavaScript for every document.
 */
export type Weight = 'regular' | 'bold';
const weightNumber: Record<Weight, number> = { regular: 400, bold: 700 };

/** One subset file of one package: its ranges, as [first, last] code points. */
interface Subset {
  pkg: string;
  name: string;
  ranges: [number, number][];
}

/**
 * Fallback order: Latin, Latin Extended, Greek, Cyrillic and Vietnamese first; then the scripts of
 * India (Devanagari, Bengali, Tamil, Telugu, Gujarati, Kannada, Malayalam, Gurmukhi, Odia); Arabic;
 * Chinese, Japanese kana and the Hangul that Noto Sans SC carries. Only the subsets named here are
 * used: each Indic package also ships Latin subsets, which Noto Sans already covers.
 */
const families: { pkg: string; subsets?: string[] }[] = [
  { pkg: 'noto-sans', subsets: ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'] },
  { pkg: 'noto-sans-devanagari', subsets: ['devanagari'] },
  { pkg: 'noto-sans-bengali', subsets: ['bengali'] },
  { pkg: 'noto-sans-tamil', subsets: ['tamil'] },
  { pkg: 'noto-sans-telugu', subsets: ['telugu'] },
  { pkg: 'noto-sans-gujarati', subsets: ['gujarati'] },
  { pkg: 'noto-sans-kannada', subsets: ['kannada'] },
  { pkg: 'noto-sans-malayalam', subsets: ['malayalam'] },
  { pkg: 'noto-sans-gurmukhi', subsets: ['gurmukhi'] },
  { pkg: 'noto-sans-oriya', subsets: ['oriya'] },
  { pkg: 'noto-sans-arabic', subsets: ['arabic'] },
  { pkg: 'noto-sans-sc' }, // every numbered chunk
];

const require = createRequire(import.meta.url);

function parseRanges(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [first, last] = part
      .trim()
      .replace(/^U\+/i, '')
      .split('-')
      .map((hex) => parseInt(hex, 16));
    return [first!, last ?? first!];
  });
}

let catalogue: Subset[] | undefined;
/** The subsets in fallback order, read from the packages' unicode.json once. */
function subsets(): Subset[] {
  if (catalogue) return catalogue;
  catalogue = [];
  for (const family of families) {
    const table = JSON.parse(readFileSync(require.resolve(`@fontsource/${family.pkg}/unicode.json`), 'utf8')) as Record<string, string>;
    const names = family.subsets ?? Object.keys(table);
    for (const name of names) {
      const ranges = table[name];
      if (!ranges) throw new Error(`@fontsource/${family.pkg} has no subset ${name}`);
      catalogue.push({ pkg: family.pkg, name, ranges: parseRanges(ranges) });
    }
  }
  return catalogue;
}

/** A font file: its key (registered under this name in a PDF document), its bytes and fontkit's view of it. */
export interface FontFile {
  key: string;
  data: Buffer;
  /** Ascent, as a fraction of the font size: where the baseline sits below the top of the text. */
  ascent: number;
  has(codePoint: number): boolean;
}

/** A WOFF 1.0 file as the TrueType/OpenType file it wraps (its tables inflated, in the same order). */
export function unwoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return { tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data: compLength < origLength ? inflateSync(raw) : raw };
  });
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(numTables, 4);
  const entrySelector = Math.floor(Math.log2(numTables));
  header.writeUInt16BE(2 ** entrySelector * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - 2 ** entrySelector * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/** fontkit, required by the first font parsed, not at start; CommonJS, the copy PDFKit uses (document.ts). */
let fontkit: typeof import('fontkit') | undefined;
export function parseFont(data: Buffer): Font {
  fontkit ??= require('fontkit') as typeof import('fontkit');
  return fontkit.create(data) as Font;
}

const loaded = new Map<string, FontFile>();
function load(subset: Subset, weight: Weight): FontFile {
  const chunk = subset.name.replace(/^\[(\d+)\]$/, '$1');
  const file = `${subset.pkg}-${chunk}-${weightNumber[weight]}-normal.woff`;
  const cached = loaded.get(file);
  if (cached) return cached;
  const data = unwoff(readFileSync(require.resolve(`@fontsource/${subset.pkg}/files/${file}`)));
  const font = parseFont(data);
  const entry: FontFile = {
    key: file.replace(/\.woff$/, ''),
    data,
    ascent: font.ascent / font.unitsPerEm,
    has: (codePoint) => font.hasGlyphForCodePoint(codePoint),
  };
  loaded.set(file, entry);
  return entry;
}

const inRanges = (ranges: [number, number][], codePoint: number) => ranges.some(([first, last]) => codePoint >= first && codePoint <= last);

/** The first font, in fallback order, that draws this character; undefined when none does. */
export function fontFor(codePoint: number, weight: Weight): FontFile | undefined {
  for (const subset of subsets()) {
    if (!inRanges(subset.ranges, codePoint)) continue;
    const font = load(subset, weight);
    if (font.has(codePoint)) return font;
  }
  return undefined;
}

/** The font that draws spaces and Latin text: the first subset. */
export function baseFont(weight: Weight): FontFile {
  return load(subsets()[0]!, weight);
}
