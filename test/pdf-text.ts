import { inflateSync } from 'node:zlib';

/**
 * The text a pdfkit PDF draws with its standard fonts, one line per text-showing operator: content
 * streams are inflated and their hex strings decoded (WinAnsi ≈ latin1). Enough to assert what an
 * invoice or certificate prints, without a PDF library.
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const body = Buffer.from(match[1]!, 'latin1');
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      content = body.toString('latin1');
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ/g)) {
      const text = [...op[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('');
      lines.push(text);
    }
  }
  return lines;
}
