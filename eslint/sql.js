// Raw SQL pitfalls as lint rules.
//
// - lectern/correlated-column: inside a raw `sql` subquery (`(select ... from ${table} where ...)`),
//   a column of another table (the outer query's) is written `${outer(table.column)}`
//   (src/server/db/sql.ts). In a select of one table drizzle writes a field template's columns
//   without their table, so `${lessonProgress.courseId} = ${enrolments.courseId}` became
//   `"course_id" = "course_id"`: the inner table compared with itself, and every enrolment counted
//   the lessons of every course.

/** Local names bound to tables: imported from db/schema, or made with drizzle's alias(). */
function tableNames(program) {
  const names = new Set();
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration' && /\/db\/schema(\/|$)/.test(String(node.source.value))) {
      for (const spec of node.specifiers) if (spec.type === 'ImportSpecifier') names.add(spec.local.name);
    }
  }
  return names;
}

const isSqlTag = (tag) => tag.type === 'Identifier' && tag.name === 'sql';

const correlatedColumn = {
  meta: {
    type: 'problem',
    docs: { description: "A raw sql subquery names the outer query's columns with outer(column), so they keep their table" },
    messages: {
      unqualified:
        '\'{{column}}\' belongs to the outer query, not to this subquery\'s {{inner}}: in a select of one table drizzle writes it without its table ("course_id" = "course_id" compares the inner table with itself). Write ${outer({{column}})} (src/server/db/sql.ts).',
    },
    schema: [],
  },
  create(context) {
    let tables = new Set();
    const aliases = new Set();
    return {
      Program(node) {
        tables = tableNames(node);
      },
      VariableDeclarator(node) {
        if (
          node.id.type === 'Identifier' &&
          node.init?.type === 'CallExpression' &&
          node.init.callee.type === 'Identifier' &&
          node.init.callee.name === 'alias'
        )
          aliases.add(node.id.name);
      },
      TaggedTemplateExpression(node) {
        if (!isSqlTag(node.tag)) return;
        const { quasis, expressions } = node.quasi;
        if (!/\bselect\b/i.test(quasis.map((q) => q.value.raw).join(' '))) return;
        const inner = new Set();
        expressions.forEach((e, i) => {
          if (e.type === 'Identifier' && /\b(from|join)\s*$/i.test(quasis[i].value.raw)) inner.add(e.name);
        });
        if (!inner.size) return;
        for (const e of expressions) {
          if (e.type !== 'MemberExpression' || e.computed || e.object.type !== 'Identifier') continue;
          const table = e.object.name;
          if (inner.has(table) || !(tables.has(table) || aliases.has(table))) continue;
          context.report({ node: e, messageId: 'unqualified', data: { column: context.sourceCode.getText(e), inner: [...inner].join(', ') } });
        }
      },
    };
  },
};

export default { 'correlated-column': correlatedColumn };
