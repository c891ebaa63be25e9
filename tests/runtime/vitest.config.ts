import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/runtime/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
