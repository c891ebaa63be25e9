import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * The API suites run twice: over memory, and over fs — the storage `npm start` gives users. An API
 * suite is one built on testBff (a new one is found, never listed by hand), unless its first lines
 * say `runs once:` (its tests choose their own storage: redis behind a proxy, a faulty store).
 */
const API_SUITES = readdirSync('tests/unit')
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => `tests/unit/${name}`)
  .filter((path) => {
    const text = readFileSync(path, 'utf8')
    return text.includes('testBff(') && !/^\/\/ runs once:/m.test(text.slice(0, 2000))
  })

export default defineConfig({
  test: {
    globalSetup: ['tests/unit/global-setup.ts'],
    setupFiles: ['tests/unit/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker's files share its loaded modules: each file still builds its own BFF, store and
    // clock, and what the app's modules keep is caches, keyed by store or pure; what a file must undo
    // when it ends is a hook of setupFiles (run for each file), not of a shared module. Loading the
    // app again for every file was a third of the run: 363 s → 220 s on CI's 2 cores.
    isolate: false,
    // vitest's default is one worker fewer than the cores: one on the 2 cores CI has. The suites
    // wait on storage, timers and child processes as much as they compute: two at once took the
    // whole run from 500 s to 230 s there.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { extends: true, test: { name: 'memory', include: ['tests/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'fs', include: API_SUITES, env: { TEST_STORAGE: 'fs' } } },
    ],
  },
})
