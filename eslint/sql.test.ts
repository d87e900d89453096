import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own ESLint configuration on a queries.ts-shaped file (typed linting needs a file of the project).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });

async function correlatedErrors(code: string): Promise<string[]> {
  const header = [
    "import { sql } from 'drizzle-orm';",
    "import { outer } from '../../db/sql.js';",
    "import { enrolments, lessonProgress } from '../../db/schema/index.js';",
    '',
  ].join('\n');
  const [result] = await eslint.lintText(header + code, { filePath: path.join(root, 'src/server/modules/enrolments/queries.ts') });
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
