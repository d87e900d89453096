import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The repository's own ESLint configuration, as `npm run lint` runs it, on code written into real
// files' places (the rules decide by the path).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Without types: of our rules only lectern/raw-database reads them. The rules that need types are off here.
const withoutTypes: ESLint.Options['overrideConfig'] = {
  languageOptions: { parserOptions: { projectService: false } },
  rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', 'lectern/raw-database': 'off' },
};
const untyped = new ESLint({ cwd: root, overrideConfig: withoutTypes });

async function boundaryErrors(filePath: string, code: string, engine: ESLint = untyped): Promise<string[]> {
  const [result] = await engine.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('lectern/')).map((m) => `${m.ruleId}: ${m.message}`);
}

// With types, lectern/raw-database reads them from a TypeScript program of the snippet and what it imports, with
// the project's compiler options: the project's own program (every file of the repository, as the lint builds it)
// cost this file 10 s of CPU for six snippets. Each program reuses the files the last one parsed.
const { options: compilerOptions } = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config, ts.sys, root);
const parsed = new Map<string, ts.SourceFile>();
let lastProgram: ts.Program | undefined;
function programOf(file: string, code: string): ts.Program {
  const host = ts.createCompilerHost(compilerOptions, true);
  const fromDisk = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) => {
    if (path.resolve(name) === file) return ts.createSourceFile(name, code, languageVersion, true);
    let source = parsed.get(name);
    if (!source) {
      source = fromDisk(name, languageVersion, ...rest);
      if (source) parsed.set(name, source);
    }
    return source;
  };
  lastProgram = ts.createProgram({ rootNames: [file], options: compilerOptions, host, oldProgram: lastProgram });
  return lastProgram;
}

/** With the types of the snippet's program, as lectern/raw-database needs them. */
const boundaryErrorsTyped = (filePath: string, code: string) => {
  const program = programOf(path.join(root, filePath), code);
  return boundaryErrors(
    filePath,
    code,
    new ESLint({ cwd: root, overrideConfig: { languageOptions: { parserOptions: { projectService: false, programs: [program] } } } }),
  );
};

describe('module boundaries in npm run lint', { timeout: 120_000 }, () => {
  it("fails a module that imports another module's queries, service or routes", async () => {
    const errors = await boundaryErrors(
      'src/server/modules/cart/service.ts',
      [
        "import { selectCourseList } from '../catalog/queries.js';",
        "import { getCourseDetail } from '../catalog/service.js';",
        "export { catalogRoutes } from '../catalog/routes.js';",
        'export const used = [selectCourseList, getCourseDetail];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatch(
      /^lectern\/module-index: '\.\.\/catalog\/queries\.js' reaches inside the catalog module\. .*src\/server\/modules\/catalog\/index\.ts/,
    );
  });

  it('holds outside the modules too (app, test helpers, scripts) and allows the index', async () => {
    expect(await boundaryErrors('src/server/app.ts', "import { listCourses } from './modules/catalog/service.js';\nexport const x = listCourses;\n")).toEqual([
      expect.stringMatching(/^lectern\/module-index: .*catalog module/),
    ]);
    expect(
      await boundaryErrors('test/helpers.ts', "import { createUser } from '../src/server/modules/accounts/service.js';\nexport const x = createUser;\n"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('src/server/modules/cart/service.ts', "import { listCourses } from '../catalog/index.js';\nexport const x = listCourses;\n"),
    ).toEqual([]);
    // Only app.ts registers a module's routes, from the module's routes.ts (no index re-exports them).
    expect(
      await boundaryErrors('src/server/app.ts', "import { catalogRoutes } from './modules/catalog/routes.js';\nexport const x = catalogRoutes;\n"),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/server/main.ts', "import { catalogRoutes } from './modules/catalog/routes.js';\nexport const x = catalogRoutes;\n"),
    ).toEqual([expect.stringMatching(/^lectern\/module-index: .*catalog module.*only src\/server\/app\.ts registers/)]);
    expect(
      await boundaryErrors('src/server/app.ts', "import { catalogRoutes } from './modules/catalog/service.js';\nexport const x = catalogRoutes;\n"),
    ).toHaveLength(1);
    // Inside its own module a file may import anything of it.
    expect(
      await boundaryErrors('src/server/modules/catalog/service.ts', "import { selectCourseList } from './queries.js';\nexport const x = selectCourseList;\n"),
    ).toEqual([]);
  });

  it("refuses another module's table, an owned table outside queries.ts, and a table with no owner", async () => {
    const schema = "from '../../db/schema/index.js';\nexport const x = t;\n";
    expect(await boundaryErrors('src/server/modules/cart/queries.ts', `import { enrolments as t } ${schema}`)).toEqual([
      expect.stringMatching(/^lectern\/table-owner: Table 'enrolments' belongs to modules\/enrolments\./),
    ]);
    expect(await boundaryErrors('src/server/modules/cart/service.ts', `import { carts as t } ${schema}`)).toEqual([
      expect.stringMatching(/^lectern\/table-owner: Table 'carts' is used outside queries\.ts\./),
    ]);
    expect(await boundaryErrors('src/server/modules/cart/queries.ts', `import { carts as t } ${schema}`)).toEqual([]);
    expect(await boundaryErrors('src/server/modules/cart/queries.ts', `import { unlistedTable as t } ${schema}`)).toEqual([
      expect.stringMatching(/^lectern\/table-owner: Table 'unlistedTable' has no owner\./),
    ]);
    expect(await boundaryErrors('src/server/modules/cart/queries.ts', `import * as t ${schema}`)).toEqual([expect.stringMatching(/whole schema/)]);
  });

  it('refuses SQL built outside queries.ts inside a module, but not a type', async () => {
    expect(await boundaryErrors('src/server/modules/cart/service.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql;\n")).toEqual([
      expect.stringMatching(/^lectern\/sql-in-queries: /),
    ]);
    expect(await boundaryErrors('src/server/modules/cart/service.ts', "import type { SQL } from 'drizzle-orm';\nexport type X = SQL;\n")).toEqual([]);
  });

  it('refuses relational db.query.<table> anywhere, and db.execute() with a plain string outside queries.ts', async () => {
    const db = "import type { Db } from '../../db/client.js';\n";
    expect(await boundaryErrorsTyped('src/server/modules/cart/service.ts', `${db}export const f = (db: Db) => db.query;\n`)).toEqual([
      expect.stringMatching(/^lectern\/raw-database: 'db\.query' reads tables through the whole schema/),
    ]);
    expect(await boundaryErrorsTyped('src/server/modules/cart/queries.ts', `${db}export const f = (db: Db) => db.query;\n`)).toHaveLength(1);
    // A request's query string is not the database's.
    expect(
      await boundaryErrorsTyped('src/server/modules/cart/service.ts', 'export const f = (request: { query: { a: string } }) => request.query.a;\n'),
    ).toEqual([]);
    const execute = (arg: string) => `${db}export const f = (db: Db, text: string) => db.execute(${arg});\nexport const t = 'x';\n`;
    expect(await boundaryErrorsTyped('src/server/modules/cart/service.ts', execute("'select email from users'"))).toEqual([
      expect.stringMatching(/^lectern\/raw-database: db\.execute\(\) with a plain string/),
    ]);
    expect(await boundaryErrorsTyped('src/server/http/health.ts', execute('text').replace('../../db/', '../db/'))).toHaveLength(1);
    expect(await boundaryErrorsTyped('src/server/modules/cart/queries.ts', execute("'select 1'"))).toEqual([]);
  });

  it("refuses a table re-exported through its owner's index.ts", async () => {
    expect(await boundaryErrors('src/server/modules/accounts/index.ts', "export { users } from './queries.js';\n")).toEqual([
      expect.stringMatching(/^lectern\/table-owner: The index re-exports table 'users'\./),
    ]);
    expect(await boundaryErrors('src/server/modules/accounts/index.ts', "import { users } from './queries.js';\nexport { users };\n")).toEqual([
      expect.stringMatching(/^lectern\/table-owner: The index re-exports table 'users'\./),
    ]);
    // export * would let a table of queries.ts through unnamed.
    expect(await boundaryErrors('src/server/modules/accounts/index.ts', "export * from './queries.js';\n")).toEqual([
      expect.stringMatching(/^lectern\/table-owner: A module's index.ts names what it exports/),
    ]);
    expect(await boundaryErrors('src/server/modules/accounts/index.ts', "export { createUser } from './service.js';\n")).toEqual([]);
  });

  it('keeps the modules in the order of eslint/module-layers.js: no undeclared, upward or cyclic import', async () => {
    const importing = (target: string) => `import { x } from '../${target}/index.js';\nexport const y = x;\n`;
    // A module the table does not know: a scratch module (linted without types, it needs no file on disk).
    expect(await boundaryErrors('src/server/modules/scratch/service.ts', importing('catalog'))).toEqual([
      expect.stringMatching(/^lectern\/module-deps: Module 'scratch' has no layer in eslint\/module-layers\.js\./),
    ]);
    // catalog may not import orders (a feature above it).
    expect(await boundaryErrors('src/server/modules/catalog/service.ts', importing('orders'))).toEqual([
      expect.stringMatching(
        /^lectern\/module-deps: Module 'catalog' \(catalog\) may not import 'orders' \(features\): the edge is not in eslint\/module-layers\.js/,
      ),
    ]);
    expect(await boundaryErrors('src/server/modules/orders/service.ts', importing('catalog'))).toEqual([]);

    // The same rule over a scratch table: a listed edge upward, and a listed edge closing a cycle.
    const withTable = (layers: object) =>
      new ESLint({ cwd: root, overrideConfig: [withoutTypes, { rules: { 'lectern/module-deps': ['error', { layers }] } }] });
    const lint = async (engine: ESLint, filePath: string, code: string) => {
      const [result] = await engine.lintText(code, { filePath: path.join(root, filePath) });
      return (result?.messages ?? []).filter((m) => m.ruleId === 'lectern/module-deps').map((m) => m.message);
    };
    const upward = withTable({ catalog: { layer: 'catalog', imports: ['scratch'] }, scratch: { layer: 'features', imports: [] } });
    expect(await lint(upward, 'src/server/modules/catalog/service.ts', importing('scratch'))).toEqual([
      expect.stringMatching(/^Module 'catalog' \(catalog\) imports 'scratch' from a higher layer \(features\)\. eslint\/module-layers\.js lists it/),
    ]);
    const cycle = withTable({ catalog: { layer: 'catalog', imports: ['scratch'] }, scratch: { layer: 'catalog', imports: ['catalog'] } });
    expect(await lint(cycle, 'src/server/modules/catalog/service.ts', importing('scratch'))).toEqual([
      expect.stringMatching(
        /^Module 'catalog' imports 'scratch', and 'scratch' already reaches 'catalog' through its imports in eslint\/module-layers\.js: a cycle\./,
      ),
    ]);
  });
});

async function correlatedErrors(code: string): Promise<string[]> {
  const header = [
    "import { sql } from 'drizzle-orm';",
    "import { outer } from '../../db/sql.js';",
    "import { enrolments, lessonProgress } from '../../db/schema/index.js';",
    '',
  ].join('\n');
  const [result] = await untyped.lintText(header + code, { filePath: path.join(root, 'src/server/modules/enrolments/queries.ts') });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'lectern/correlated-column').map((m) => m.message);
}

describe('lectern/correlated-column in npm run lint', { timeout: 120_000 }, () => {
  it("refuses an outer query's column written bare inside a raw sql subquery", async () => {
    const errors = await correlatedErrors(
      'export const done = sql`(select count(*) from ${lessonProgress} where ${lessonProgress.userId} = 1 and ${lessonProgress.courseId} = ${enrolments.courseId})`;\n',
    );
    expect(errors).toEqual([expect.stringMatching(/^'enrolments\.courseId' belongs to the outer query.*outer\(enrolments\.courseId\)/)]);
  });

  it("accepts outer(column), the subquery's own columns, and templates without a subquery", async () => {
    expect(
      await correlatedErrors(
        [
          'export const done = sql`(select count(*) from ${lessonProgress} where ${lessonProgress.courseId} = ${outer(enrolments.courseId)})`;',
          'export const plain = sql`${enrolments.courseId} = ${lessonProgress.courseId}`;',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});
