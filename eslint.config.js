import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build/', 'dist-worker/', 'app/paraglide/', '.react-router/', 'node_modules/', 'tests/artifacts/', '.wrangler/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', Deno: 'readonly' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read process.env only in bff/runtime/* (the config is injected everywhere else).' },
      ],
    },
  },
  { files: ['bff/runtime/**', 'tests/**', '*.config.ts', 'playwright.config.ts'], rules: { 'no-restricted-syntax': 'off' } },
)
