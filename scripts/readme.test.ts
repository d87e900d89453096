import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envVariableNames } from '../src/server/config.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** GitHub-flavoured pipe tables: the header row's cells and the body rows' cells, split as a renderer splits them. */
function tables(markdown: string): { header: string[]; rows: string[][] }[] {
  const lines = markdown.split('\n');
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
  const found: { header: string[]; rows: string[][] }[] = [];
  for (let i = 0; i + 1 < lines.length; i++) {
    if (!lines[i]!.trim().startsWith('|') || !/^\|?\s*:?-{3,}/.test(lines[i + 1]!.trim())) continue;
    const header = cells(lines[i]!);
    const rows: string[][] = [];
    for (i += 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) rows.push(cells(lines[i]!));
    found.push({ header, rows });
  }
  return found;
}

const all = tables(readme);
const tableWith = (first: string) => {
  const table = all.find((t) => t.header[0] === first && t.rows.length > 0);
  if (!table) throw new Error(`no table headed "${first}"`);
  return table;
};

describe('README tables', () => {
  it('every row has exactly the cells of its header, none empty', () => {
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const { header, rows } of all) {
      for (const row of rows) {
        expect(row, `row ${row.join(' | ')}`).toHaveLength(header.length);
        for (const cell of row) expect(cell, `row ${row.join(' | ')}`).not.toBe('');
      }
    }
  });

  it('the environment table names every variable config.ts reads', () => {
    const [server, scriptsOnly] = all.filter((t) => t.header[0] === 'variable');
    const listed = server!.rows.map((row) => row[0]!).join(' ');
    for (const name of envVariableNames) expect(listed, name).toContain(`\`${name}\``);
    // Variables read by the scripts are named beside the script that reads them.
    const bench = scriptsOnly!.rows.find((row) => row[0]!.includes('BENCH_SECONDS'));
    expect(bench?.[1]).toBe('`npm run bench`');
  });

  it('the scripts table lists every npm script', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const listed = tableWith('script').rows.map((row) => row[0]!);
    for (const name of scripts) {
      const command = name === 'start' || name === 'test' ? `npm ${name}` : `npm run ${name}`;
      expect(
        listed.some((cell) => cell === `\`${command}\`` || cell.startsWith(`\`${command} `)),
        command,
      ).toBe(true);
    }
  });
});
