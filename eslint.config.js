import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/**
 * The layers, top to bottom: pages (app/) → API (bff/) → storage/ → domain/ (schemas and
 * constants, imports nothing of the project). seeds/ loads data through storage; only the
 * runtime entries (bff/runtime/) — which decide whether to load the demo data — and the
 * tests may import it. An import that points up fails the lint.
 */
const layer = (name) => ({
  group: [`**/${name}/**`, `${name}/**`],
  message: `This layer may not import ${name}/: imports point down only (app → bff → storage → domain).`,
})
const upward = (...names) => ['error', { patterns: names.map(layer) }]
/** The API reaches storage through repositories: keys and the repositories' building blocks stay inside storage/. */
const storageInside = {
  group: [
    '**/storage/keys.ts',
    '**/storage/repositories/list-record.ts',
    '**/storage/repositories/records.ts',
    '**/storage/repositories/indexed-records.ts',
  ],
  message: 'Reach storage through a repository (storage/repositories/index.ts): keys and collection names are theirs.',
}

export default tseslint.config(
  {
    ignores: [
      'build/',
      // generated from the API's document (clients/typescript/generate.ts)
      'clients/typescript/schema.d.ts',
      'dist-worker/',
      'app/paraglide/',
      '.react-router/',
      'node_modules/',
      'tests/artifacts/',
      '.wrangler/',
      '.data/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Deno: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      // \`import { type A }\` leaves \`import 'module'\` behind: a page's script would carry the module (zod schemas ...)
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // no code made from text at run time (ASVS 1.3.2)
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read process.env only in bff/runtime/* (the config is injected everywhere else).',
        },
      ],
    },
  },
  { files: ['domain/**'], rules: { 'no-restricted-imports': upward('app', 'bff', 'storage', 'seeds') } },
  {
    files: ['storage/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'hono', message: 'Storage knows no HTTP.' }],
          patterns: [
            ...upward('app', 'bff', 'seeds')[1].patterns,
            { group: ['hono/*'], message: 'Storage knows no HTTP.' },
          ],
        },
      ],
    },
  },
  {
    files: ['bff/**'],
    ignores: ['bff/runtime/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...upward('app', 'seeds')[1].patterns, storageInside] }] },
  },
  {
    files: ['bff/runtime/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...upward('app')[1].patterns, storageInside] }] },
  },
  { files: ['seeds/**'], rules: { 'no-restricted-imports': upward('app') } },
  { files: ['app/**'], rules: { 'no-restricted-imports': upward('storage', 'seeds') } },
  {
    files: ['bff/runtime/**', 'tests/**', '*.config.ts', 'playwright.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
)
