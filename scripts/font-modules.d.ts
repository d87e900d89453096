// The two font packages the icon font build (icon-font.ts), its test and the PDF fonts (src/server/lib/pdf) use ship no types.
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
  }
  export default function subsetFont(font: Buffer, text: string, options?: SubsetOptions): Promise<Buffer>;
}

declare module 'fontkit' {
  interface Font {
    numGlyphs: number;
    characterSet: number[];
    unitsPerEm: number;
    ascent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
