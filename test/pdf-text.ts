import { inflateSync } from 'node:zlib';

/**
 * Reading back the text a pdfkit PDF draws, without a PDF library.
 *
 * Objects are parsed, streams inflated. Text drawn with an embedded font is decoded through the font's
 * ToUnicode CMap (2-byte glyph codes -> the characters each glyph stands for); text drawn with a
 * standard font is WinAnsi (≈ latin1). A line drawn by the PDF text module (src/server/lib/pdf) is
 * marked with its text (ActualText): that is the line's text in reading order.
 */
export interface PdfSpan {
  /** The line's text in reading order (ActualText), or the glyphs' characters when the line has none. */
  text: string;
  /** The characters of each glyph, in the order they are drawn (left to right). */
  glyphs: string[];
  /** Where the line's first glyph is drawn: x from the left, y (its baseline) from the bottom of the page. */
  x: number;
  y: number;
  /** The font size of its first glyph. */
  size: number;
  /** How many glyphs are the font's .notdef (the empty box a font draws for a character it lacks). */
  notdef: number;
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const raw = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  // A stream's bytes are read by its /Length, never by searching for 'endstream' or 'endobj': compressed
  // bytes may hold either word, or end in a newline of their own.
  const head = /(\d+) 0 obj\s*/g;
  for (let m = head.exec(raw); m; m = head.exec(raw)) {
    const from = head.lastIndex;
    const endObj = raw.indexOf('endobj', from);
    const streamAt = raw.slice(from, endObj).search(/stream\r?\n/);
    if (streamAt < 0) {
      found.set(Number(m[1]), { dict: raw.slice(from, endObj) });
      head.lastIndex = endObj + 6;
      continue;
    }
    const dict = raw.slice(from, from + streamAt);
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(dict);
    if (!length) throw new Error(`object ${m[1]}: a stream without a direct /Length`);
    const start = raw.indexOf('\n', from + streamAt) + 1;
    let bytes = Buffer.from(raw.slice(start, start + Number(length[1])), 'latin1');
    if (/\/FlateDecode/.test(dict)) bytes = inflateSync(bytes);
    found.set(Number(m[1]), { dict, stream: bytes });
    head.lastIndex = raw.indexOf('endobj', start + Number(length[1])) + 6;
  }
  return found;
}

const hexToString = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').swap16().toString('utf16le');

/** A ToUnicode CMap: glyph code (hex) -> characters. */
function cmap(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(src!.toLowerCase(), hexToString(dst!));
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, rest] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F\s]+>)/g)) {
      const first = parseInt(lo!, 16);
      const last = parseInt(hi!, 16);
      const targets = [...rest!.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((t) => t[1]!.replace(/\s+/g, ''));
      for (let code = first; code <= last; code++) {
        const key = code.toString(16).padStart(lo!.length, '0');
        if (rest!.startsWith('[')) {
          const target = targets[code - first];
          if (target !== undefined) map.set(key, hexToString(target));
        } else {
          const base = Buffer.from(targets[0]!, 'hex');
          base.writeUInt16BE(base.readUInt16BE(base.length - 2) + (code - first), base.length - 2);
          map.set(key, base.swap16().toString('utf16le'));
        }
      }
    }
  }
  return map;
}

/** A PDF literal string's bytes (escapes resolved) as text: UTF-16BE with its mark, else latin1. */
function literal(body: string): string {
  const bytes = body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) => {
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return named[c] ?? String.fromCharCode(parseInt(c, 8));
  });
  const buffer = Buffer.from(bytes, 'latin1');
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return buffer.subarray(2).swap16().toString('utf16le');
  return bytes;
}

/** Every line of text, in drawing order. */
export function pdfSpans(pdf: Buffer): PdfSpan[] {
  const all = objects(pdf);
  const fonts = new Map<string, Map<string, string> | undefined>();
  for (const { dict } of all.values()) {
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(dict);
    if (!fontDict) continue;
    for (const [, name, ref] of fontDict[1]!.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(all.get(Number(ref))?.dict ?? '');
      const stream = toUnicode ? all.get(Number(toUnicode[1]))?.stream : undefined;
      fonts.set(name!, stream ? cmap(stream.toString('latin1')) : undefined);
    }
  }
  const spans: PdfSpan[] = [];
  for (const { dict, stream } of all.values()) {
    if (!stream || /\/(Subtype|Type)\s*\/(Font|XObject|Image|FontFile|CMap)|\/Length1|\/ToUnicode|begincmap/.test(dict) || stream.includes('begincmap'))
      continue;
    const content = stream.toString('latin1');
    let font: Map<string, string> | undefined;
    let open: PdfSpan | undefined;
    let x = 0;
    let y = 0;
    let size = 0;
    const tokens =
      /\/Span\s*<<\s*\/ActualText\s*\(((?:\\.|[^\\)])*)\)\s*>>\s*BDC|EMC|\/(\w+)\s+([\d.]+)\s+Tf|[\d.-]+\s+[\d.-]+\s+[\d.-]+\s+[\d.-]+\s+([\d.-]+)\s+([\d.-]+)\s+Tm|\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ/g;
    for (const m of content.matchAll(tokens)) {
      if (m[1] !== undefined) {
        open = { text: literal(m[1]), glyphs: [], x: NaN, y: NaN, size: NaN, notdef: 0 };
        spans.push(open);
      } else if (m[0] === 'EMC') open = undefined;
      else if (m[2]) {
        font = fonts.get(m[2]);
        size = Number(m[3]);
      } else if (m[4]) {
        x = Number(m[4]);
        y = Number(m[5]);
      } else if (m[6] !== undefined) {
        const glyphs: string[] = [];
        let notdef = 0;
        for (const [, hex] of m[6].matchAll(/<([0-9a-fA-F]*)>/g)) {
          if (font)
            for (let i = 0; i < hex!.length; i += 4) {
              const code = hex!.slice(i, i + 4).toLowerCase();
              if (code === '0000') notdef++;
              glyphs.push(font.get(code) ?? '\uFFFD');
            }
          else glyphs.push(...Buffer.from(hex!, 'hex').toString('latin1'));
        }
        if (open) {
          if (!open.glyphs.length) Object.assign(open, { x, y, size });
          open.glyphs.push(...glyphs);
          open.notdef += notdef;
        } else spans.push({ text: glyphs.join(''), glyphs, x, y, size, notdef });
      }
    }
  }
  return spans;
}

/** The text of each line a PDF draws, in drawing order. */
export function pdfText(pdf: Buffer): string[] {
  return pdfSpans(pdf).map((span) => span.text);
}
