// Vite plugin: `import 'virtual:bootstrap-icons.css'` is Bootstrap Icons' stylesheet and font cut down to the icons the web
// app names, instead of the full set (about 2,000 rules and a 134 KB font, fetched by every page before its icons show).
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

export const iconStylesheetId = 'virtual:bootstrap-icons.css';

const require = createRequire(import.meta.url);
const iconsFolder = path.dirname(require.resolve('bootstrap-icons/font/bootstrap-icons.json'));
const sourceFile = /\.(tsx?|jsx?|s?css|html)$/;
const testFile = /\.test\.[jt]sx?$/;
// `bi-cart` as a class, and any quoted name ('cart', "pause-circle"): the names given in data arrays or chosen by a
// condition (`bi-${link.icon}`, `bi-${active ? 'pause-circle' : 'play-circle'}`). A string that merely equals an icon's
// name ('list', 'type') adds one unused glyph, which is the price of never missing one.
const classToken = /\bbi-([a-z0-9]+(?:-[a-z0-9]+)*)/g;
const quotedName = /(['"`])([a-z0-9]+(?:-[a-z0-9]+)*)\1/g;

/** Bootstrap Icons' own map of icon name to code point. */
export function iconCodepoints(): Map<string, number> {
  return new Map(Object.entries(JSON.parse(readFileSync(path.join(iconsFolder, 'bootstrap-icons.json'), 'utf8')) as Record<string, number>));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name) && !testFile.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The icon names the source files under `folders` use (tests excluded: they ship nothing), sorted. */
export function usedIconNames(folders: string[], codepoints: Map<string, number>): string[] {
  const names = new Set<string>();
  for (const file of folders.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(classToken)) if (name && codepoints.has(name)) names.add(name);
    for (const [, , name] of text.matchAll(quotedName)) if (name && codepoints.has(name)) names.add(name);
  }
  return [...names].sort();
}

/** The stylesheet: Bootstrap Icons' own `.bi::before` rule, the font, and one rule per icon. */
export function iconStylesheet(names: string[], codepoints: Map<string, number>, fontUrl: string): string {
  const full = readFileSync(path.join(iconsFolder, 'bootstrap-icons.css'), 'utf8');
  const base = /^\.bi::before,[^{]*\{[^}]*\}/m.exec(full)?.[0];
  if (!base) throw new Error('bootstrap-icons.css has no `.bi::before` rule: has its layout changed?');
  // font-display: swap, not Bootstrap Icons' `block` (glyphs hidden for up to 3 s while the font loads) nor `fallback` (a font
  // later than 3 s never used, leaving empty boxes): icons show whenever it arrives, each keeping its 1em square meanwhile (main.scss).
  const face = `@font-face {\n  font-display: swap;\n  font-family: "bootstrap-icons";\n  src: url("${fontUrl}") format("woff2");\n}`;
  const rules = names.map((name) => `.bi-${name}::before { content: "\\${codepoints.get(name)!.toString(16)}"; }`);
  return [face, base, ...rules].join('\n') + '\n';
}

/** Bootstrap Icons' woff2 with only the glyphs of `names`. */
export async function iconFontSubset(names: string[], codepoints: Map<string, number>): Promise<Buffer> {
  const text = String.fromCodePoint(...names.map((name) => codepoints.get(name)!));
  return subsetFont(readFileSync(path.join(iconsFolder, 'fonts/bootstrap-icons.woff2')), text, { targetFormat: 'woff2' });
}

/** Replaces `file` whole, so a build reading it meanwhile (or a hard-linked copy of it) never sees half of it. */
function writeAtomically(file: string, content: string | Buffer) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/**
 * The stylesheet is served from Vite's cache folder, beside the subset font it names, so Vite hashes and emits the font
 * (build) or serves it (dev) like any other asset. Edits in dev that name a new icon regenerate both.
 */
export function iconFont(options: { scan: string[] }): Plugin {
  const codepoints = iconCodepoints();
  let stylesheetFile = '';
  let generated: Promise<{ names: string[]; css: string }> | undefined;

  let serving = false;
  let generation = 0;

  const generate = (names: string[]) =>
    iconFontSubset(names, codepoints).then((font) => {
      const folder = path.dirname(stylesheetFile);
      mkdirSync(folder, { recursive: true });
      writeAtomically(path.join(folder, 'bootstrap-icons.woff2'), font);
      // In dev a regenerated font needs a new address, or the page keeps the one it loaded (the build hashes the name).
      const css = iconStylesheet(names, codepoints, `./bootstrap-icons.woff2${serving ? `?v=${++generation}` : ''}`);
      writeAtomically(stylesheetFile, css);
      return { names, css };
    });
  const current = () => (generated ??= generate(usedIconNames(options.scan, codepoints)));

  return {
    name: 'icon-font',
    configResolved(config) {
      serving = config.command === 'serve';
      stylesheetFile = path.join(config.cacheDir, 'bootstrap-icons', 'bootstrap-icons.css');
    },
    resolveId: {
      filter: { id: /^virtual:bootstrap-icons\.css$/ },
      async handler() {
        await current();
        return stylesheetFile;
      },
    },
    load: {
      filter: { id: /[\\/]bootstrap-icons[\\/]bootstrap-icons\.css(\?.*)?$/ },
      async handler(id) {
        return id.split('?')[0] === stylesheetFile ? (await current()).css : undefined;
      },
    },
    async hotUpdate({ file, modules }) {
      if (!sourceFile.test(file) || !options.scan.some((folder) => file.startsWith(folder + path.sep))) return;
      const before = (await current()).names;
      const names = usedIconNames(options.scan, codepoints);
      if (names.join() === before.join()) return;
      generated = generate(names);
      await generated;
      const stylesheet = this.environment.moduleGraph.getModuleById(stylesheetFile);
      if (!stylesheet) return;
      this.environment.moduleGraph.invalidateModule(stylesheet);
      return [...modules, stylesheet];
    },
  };
}
