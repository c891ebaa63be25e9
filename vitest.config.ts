import { defineConfig } from 'vitest/config'

// The API suites built on testBff run twice: over memory, and over fs — the storage `npm start` gives users.
const API_SUITES = [
  'access',
  'admin',
  'api-guards',
  'auth',
  'chat',
  'common',
  'contacts',
  'files',
  'help-center',
  'inventory',
  'mailbox',
  'notes',
  'page-request',
  'openapi',
  'reference-data',
  'scrumboard',
  'tasks',
  'tenancy',
  'upstream',
  'clients-jobs',
  'quotes',
  'scheduling',
  'visits',
  'mail',
  'fuzz',
  'unique-values',
  'migrations',
  'idempotency',
  'orders',
  'invoices',
  'public-documents',
  'sign-up',
  'spreadsheet-export',
  'image-bounds',
].map((name) => `tests/unit/${name}.test.ts`)

export default defineConfig({
  test: {
    globalSetup: ['tests/unit/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'memory', include: ['tests/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'fs', include: API_SUITES, env: { TEST_STORAGE: 'fs' } } },
    ],
  },
})
