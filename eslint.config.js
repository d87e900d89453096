import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import lectern from './eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'src/server/db/migrations/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Module boundaries (ARCHITECTURE.md): index-only imports between modules, tables owned by one module, SQL only in queries.ts.
    files: ['src/server/**/*.{ts,tsx}', 'scripts/**/*.ts', 'test/**/*.ts', 'e2e/**/*.ts'],
    plugins: { lectern },
    rules: {
      'lectern/module-index': 'error',
      'lectern/table-owner': 'error',
      'lectern/sql-in-queries': 'error',
      'lectern/raw-database': 'error',
      'lectern/module-deps': 'error',
      'lectern/correlated-column': 'error',
    },
  },
  {
    // Server state (ARCHITECTURE.md, "Web"): a key is built by its module's key factory in src/web/api, never written
    // out, and a query is defined once, as a queryOptions factory there, so two shapes can never share a cache entry.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Build query keys with the module's key factory in src/web/api (e.g. catalogKeys.course(slug)).",
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/api/**', 'src/web/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Build query keys with the module's key factory in src/web/api (e.g. catalogKeys.course(slug)).",
        },
        {
          selector: 'Property[key.name=/^(queryFn|mutationFn)$/]',
          message: 'Define queries and mutations in src/web/api (a queryOptions factory, or a useMutation hook with its invalidation).',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly' } },
  },
);
