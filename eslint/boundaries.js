// Lectern's module boundaries as lint rules (ARCHITECTURE.md, "Module boundaries").
//
// - lectern/module-index: a file outside src/server/modules/<m>/ imports module <m> only through
//   its index.ts (its public service surface). The one exception: src/server/app.ts registers each
//   module's routes from that module's routes.ts (its Fastify plugin), which no index re-exports.
// - lectern/table-owner: a table of src/server/db/schema is imported only by its owner
//   (eslint/table-owners.js): a module's queries.ts, or the infrastructure folder that owns it.
//   The database layer (db/) and tests may import any table.
// - lectern/sql-in-queries: inside a module, only queries.ts imports drizzle-orm's query builders.
// - lectern/raw-database: no `db.query.<table>` (relational queries reach every table around its
//   owner), and `db.execute()` with a plain string only in a module's queries.ts or a migration.
// - a module's index.ts re-exports no table, and names what it exports: no export * (lectern/table-owner).
// - lectern/module-deps: a module imports another only along an edge of eslint/module-layers.js
//   (the declared order), never upward and never into a cycle.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import sqlRules from './sql.js';
import { moduleLayers, layers as layerOrder } from './module-layers.js';
import { tableOwners } from './table-owners.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'src', 'server');
const modulesDir = path.join(serverDir, 'modules');
const schemaDir = path.join(serverDir, 'db', 'schema');

const posix = (p) => p.split(path.sep).join('/');
const inside = (dir, file) => file === dir || file.startsWith(dir + path.sep);
const withoutExtension = (p) => p.replace(/\.(?:[cm]?[jt]sx?)$/, '');
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file) || inside(path.join(root, 'test'), file) || inside(path.join(root, 'e2e'), file);

/** The module a file belongs to and its path inside that module ('index', 'queries', 'service'...). */
function moduleOf(file) {
  if (!inside(modulesDir, file)) return undefined;
  const [name, ...rest] = posix(path.relative(modulesDir, file)).split('/');
  return { name, inner: withoutExtension(rest.join('/')) || 'index' };
}

const isQueriesFile = (inner) => inner === 'queries' || inner.startsWith('queries/');

/** Every static import, re-export and literal dynamic import of a file, with its source node. */
function visitImports(context, check) {
  const fromSource = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression(node) {
      if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
    },
  };
}

const resolveRelative = (file, specifier) => (specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : undefined);

const appFile = path.join(serverDir, 'app.ts');

const moduleIndex = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Import another server module only through its index.ts (its public surface), never its routes, services, queries or types' files; only app.ts imports a module's routes.ts",
    },
    messages: {
      throughIndex:
        "'{{specifier}}' reaches inside the {{module}} module. Import what you need from its public surface, src/server/modules/{{module}}/index.ts (export it there if it should be public); only src/server/app.ts registers a module's routes.ts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const own = moduleOf(file);
    return visitImports(context, (node, specifier) => {
      const target = resolveRelative(file, specifier);
      if (!target) return;
      const theirs = moduleOf(target);
      if (!theirs || theirs.name === own?.name) return;
      if (theirs.inner === 'index') return;
      if (file === appFile && theirs.inner === 'routes') return;
      context.report({ node, messageId: 'throughIndex', data: { specifier, module: theirs.name } });
    });
  },
};

const tableOwner = {
  meta: {
    type: 'problem',
    docs: { description: "Only a table's owner (eslint/table-owners.js) imports it from db/schema: a module's queries.ts, or its infrastructure folder" },
    messages: {
      notOwner:
        "Table '{{table}}' belongs to {{owner}}. Call that module's index.ts (or that folder's public functions) for what you need instead of using its table here (ARCHITECTURE.md, module boundaries).",
      notQueries: "Table '{{table}}' is used outside queries.ts. A module's SQL lives in its queries.ts; call a function from there.",
      noOwner: "Table '{{table}}' has no owner. Add it to eslint/table-owners.js (the module or infrastructure folder that reads and writes it).",
      wholeSchema: 'Import the tables you use by name, not the whole schema, so that their owner can be checked.',
      indexExportsTable:
        "The index re-exports table '{{table}}'. A module's index.ts is its service surface: export a function that reads or writes the table, never the table itself.",
      indexExportsAll:
        "A module's index.ts names what it exports (export { a, b } from ...), never export *: its surface is read there, and a table could pass through unseen.",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (isTest(file) || inside(path.join(serverDir, 'db'), file)) return {};
    const relative = posix(path.relative(serverDir, file));
    const own = moduleOf(file);
    const imports = visitImports(context, (node, specifier) => {
      if (own?.inner === 'index' && node.type === 'ExportAllDeclaration') context.report({ node, messageId: 'indexExportsAll' });
      if (own?.inner === 'index' && node.type === 'ExportNamedDeclaration') {
        for (const spec of node.specifiers ?? []) {
          const table = spec.local.name ?? spec.local.value;
          if (tableOwners[table]) context.report({ node: spec, messageId: 'indexExportsTable', data: { table } });
        }
      }
      const target = resolveRelative(file, specifier);
      if (!target || !inside(schemaDir, target)) return;
      const specifiers = node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' ? (node.specifiers ?? []) : [];
      if (node.type !== 'ImportDeclaration' && node.type !== 'ExportNamedDeclaration') return context.report({ node, messageId: 'wholeSchema' });
      for (const spec of specifiers) {
        if (spec.type === 'ImportNamespaceSpecifier') {
          context.report({ node: spec, messageId: 'wholeSchema' });
          continue;
        }
        if (spec.type === 'ImportDefaultSpecifier') continue;
        const table = spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : (spec.local.name ?? spec.local.value);
        const owners = tableOwners[table];
        if (!owners) {
          context.report({ node: spec, messageId: 'noOwner', data: { table } });
          continue;
        }
        const list = Array.isArray(owners) ? owners : [owners];
        const owner = list.find((o) => relative.startsWith(`${o}/`));
        if (!owner) {
          context.report({ node: spec, messageId: 'notOwner', data: { table, owner: list.join(' and ') } });
          continue;
        }
        if (own && owner.startsWith('modules/') && !isQueriesFile(own.inner)) context.report({ node: spec, messageId: 'notQueries', data: { table } });
      }
    });
    if (own?.inner !== 'index') return imports;
    return {
      ...imports,
      // `export { users }` of an imported name (without a source: the import is reported above or elsewhere).
      ExportNamedDeclaration(node) {
        if (node.source) return imports.ExportNamedDeclaration(node);
        for (const spec of node.specifiers ?? []) {
          const table = spec.local.name ?? spec.local.value;
          if (tableOwners[table]) context.report({ node: spec, messageId: 'indexExportsTable', data: { table } });
        }
      },
    };
  },
};

const migrationsDir = path.join(serverDir, 'db', 'migrations');

const rawDatabase = {
  meta: {
    type: 'problem',
    docs: { description: 'No relational db.query.<table>; db.execute() with a plain string only in queries.ts or a migration' },
    messages: {
      relational:
        "'{{object}}.query' reads tables through the whole schema, around their owners. Call the owning module's index.ts; in its queries.ts, build the query with select().",
      plainString: "db.execute() with a plain string is SQL that no rule checks. Write it with the sql tag in this module's queries.ts.",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (isTest(file) || inside(migrationsDir, file)) return {};
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) return {};
    const checker = services.program.getTypeChecker();
    const typeOf = (node) => checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));
    // A Database or a transaction (Db): what has drizzle's select, insert and execute.
    const isDatabase = (node) => {
      const type = typeOf(node);
      return ['select', 'insert', 'execute'].every((name) => checker.getPropertyOfType(type, name));
    };
    const own = moduleOf(file);
    const mayExecuteStrings = own && isQueriesFile(own.inner);
    return {
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier' || node.property.name !== 'query') return;
        if (isDatabase(node.object)) context.report({ node, messageId: 'relational', data: { object: context.sourceCode.getText(node.object) } });
      },
      CallExpression(node) {
        if (mayExecuteStrings) return;
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'execute' || !node.arguments[0]) return;
        if (!isDatabase(callee.object)) return;
        const argument = typeOf(node.arguments[0]);
        const parts = argument.isUnion() ? argument.types : [argument];
        if (parts.some((part) => part.flags & ts.TypeFlags.StringLike)) context.report({ node, messageId: 'plainString' });
      },
    };
  },
};

const sqlInQueries = {
  meta: {
    type: 'problem',
    docs: { description: "Inside a server module, only queries.ts builds SQL (drizzle-orm's operators and sql tag)" },
    messages: {
      outsideQueries: "'{{specifier}}' builds SQL outside queries.ts. Put the query in this module's queries.ts and call it from here.",
    },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const own = moduleOf(file);
    if (!own || isTest(file) || isQueriesFile(own.inner)) return {};
    return visitImports(context, (node, specifier) => {
      if (specifier !== 'drizzle-orm' && !specifier.startsWith('drizzle-orm/')) return;
      // Types (a transaction's type, a row's type) are not SQL.
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      if (node.type === 'ImportDeclaration' && node.specifiers.length && node.specifiers.every((s) => s.importKind === 'type')) return;
      context.report({ node, messageId: 'outsideQueries', data: { specifier } });
    });
  },
};

const TABLE = 'eslint/module-layers.js';

/** Whether `to` reaches `from` along the declared imports. */
function reaches(table, start, goal) {
  const seen = new Set();
  const stack = [start];
  while (stack.length) {
    const at = stack.pop();
    if (at === goal) return true;
    if (seen.has(at)) continue;
    seen.add(at);
    stack.push(...(table[at]?.imports ?? []));
  }
  return false;
}

const moduleDeps = {
  meta: {
    type: 'problem',
    docs: { description: `A server module imports another only along an edge declared in ${TABLE}: never upward, never into a cycle` },
    messages: {
      noLayer: `Module '{{module}}' has no layer in ${TABLE}. Add it there with its layer and the modules it may import.`,
      notDeclared: `Module '{{from}}' ({{fromLayer}}) may not import '{{to}}' ({{toLayer}}): the edge is not in ${TABLE}. If '{{to}}' is below '{{from}}', add it to '{{from}}'.imports there; if not, move the code that needs both up to the layer that combines them.`,
      upward: `Module '{{from}}' ({{fromLayer}}) imports '{{to}}' from a higher layer ({{toLayer}}). ${TABLE} lists it, but the order is {{order}}: move the code up instead.`,
      cycle: `Module '{{from}}' imports '{{to}}', and '{{to}}' already reaches '{{from}}' through its imports in ${TABLE}: a cycle. Move what both need below them, or what combines them above.`,
    },
    schema: [{ type: 'object', properties: { layers: { type: 'object' } }, additionalProperties: false }],
  },
  create(context) {
    const file = context.physicalFilename;
    const own = moduleOf(file);
    if (!own || isTest(file)) return {};
    const table = context.options[0]?.layers ?? moduleLayers;
    const rank = (m) => layerOrder.indexOf(table[m]?.layer);
    return visitImports(context, (node, specifier) => {
      const target = resolveRelative(file, specifier);
      if (!target) return;
      const theirs = moduleOf(target);
      if (!theirs || theirs.name === own.name) return;
      const from = own.name;
      const to = theirs.name;
      for (const m of [from, to]) if (!table[m]) return context.report({ node, messageId: 'noLayer', data: { module: m } });
      const data = { from, to, fromLayer: table[from].layer, toLayer: table[to].layer, order: layerOrder.join(' → ') };
      if (!table[from].imports.includes(to)) return context.report({ node, messageId: 'notDeclared', data });
      if (rank(to) > rank(from)) return context.report({ node, messageId: 'upward', data });
      if (reaches(table, to, from)) context.report({ node, messageId: 'cycle', data });
    });
  },
};

export default {
  meta: { name: 'lectern' },
  rules: {
    'module-index': moduleIndex,
    'table-owner': tableOwner,
    'sql-in-queries': sqlInQueries,
    'raw-database': rawDatabase,
    'module-deps': moduleDeps,
    ...sqlRules,
  },
};
