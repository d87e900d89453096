import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { create } from 'fontkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { iconCodepoints, iconFontSubset, iconStylesheet, usedIconNames } from './icon-font';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'src/web');
const codepoints = iconCodepoints();
const names = usedIconNames([web, path.join(root, 'src/shared')], codepoints);
const unused = ['alarm', 'airplane', 'bug-fill'];

const source = (file: string) => readFileSync(path.join(web, file), 'utf8');
// The names the menus and the footer give in their data arrays, shown as `bi bi-${item.icon}`.
const dataArrayIcons = (file: string) => [...source(file).matchAll(/\bicon: '([a-z0-9-]+)'/g)].map(([, name]) => name!);

describe('the icons the web app uses', () => {
  it('include every `bi-` class written in src/web, each a real icon', () => {
    const files = readdirSync(web, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(tsx?|s?css|html)$/.test(file));
    const classes = new Set(files.flatMap((file) => [...source(file).matchAll(/bi-[a-z0-9-]+/g)].map(([token]) => token.slice(3))));
    expect(classes.size).toBeGreaterThan(100);
    for (const name of classes) expect(codepoints.has(name), `bi-${name} is not a Bootstrap icon`).toBe(true);
    expect(names).toEqual(expect.arrayContaining([...classes]));
  });

  it('include the names composed at run time (data arrays, a condition)', () => {
    const dynamic = [
      ...dataArrayIcons('components/account/AccountLayout.tsx'),
      ...dataArrayIcons('components/layout/UserMenu.tsx'),
      ...dataArrayIcons('components/layout/Footer.tsx'),
    ];
    expect(dynamic).toEqual(expect.arrayContaining(['speedometer2', 'journal-bookmark', 'moon-stars', 'circle-half', 'youtube']));
    expect(source('studio/coupons/CouponRow.tsx')).toContain("bi-${coupon.is_active ? 'pause-circle' : 'play-circle'}");
    expect(names).toEqual(expect.arrayContaining([...dynamic, 'pause-circle', 'play-circle']));
  });

  it('leave out icons nothing names', () => {
    for (const name of unused) expect(names).not.toContain(name);
    expect(names.length).toBeLessThan(codepoints.size / 5);
  });
});

describe('the subset font', () => {
  let font: ReturnType<typeof create>;
  beforeAll(async () => {
    font = create(await iconFontSubset(names, codepoints));
  });

  it('maps exactly the used icons’ code points, one glyph each besides .notdef', () => {
    const wanted = [...new Set(names.map((name) => codepoints.get(name)!))].sort((a, b) => a - b);
    // The cmap's closing 0xFFFF segment (format 4) is listed too, mapped to .notdef: only code points with a glyph count.
    const mapped = font.characterSet.filter((codePoint) => font.hasGlyphForCodePoint(codePoint)).sort((a, b) => a - b);
    expect(mapped).toEqual(wanted);
    expect(font.numGlyphs).toBe(wanted.length + 1);
    expect(font.hasGlyphForCodePoint(codepoints.get('pause-circle')!)).toBe(true);
    expect(font.hasGlyphForCodePoint(codepoints.get('alarm')!)).toBe(false);
  });
});

describe('the stylesheet', () => {
  const css = iconStylesheet(names, codepoints, './icons.woff2');

  it('has the font, Bootstrap Icons’ base rule and one rule per used icon', () => {
    expect(css).toContain('src: url("./icons.woff2") format("woff2")');
    expect(css).toContain('font-display: swap');
    expect(css).toMatch(/\.bi::before,\s*\[class\^="bi-"\]::before,\s*\[class\*=" bi-"\]::before \{[^}]*font-family: bootstrap-icons !important;/);
    expect(css).toContain('.bi-play-circle::before { content: "\\f4f3"; }');
    expect(css.match(/^\.bi-[a-z0-9-]+::before \{ content: "\\f[0-9a-f]{3}"; \}$/gm)).toHaveLength(names.length);
  });

  it('has no rule for an unused icon', () => {
    for (const name of unused) expect(css).not.toContain(`.bi-${name}::before`);
  });
});
