import { afterAll } from 'vitest'
import { removeTestStores } from '../shared/bff.ts'

// Run before each test file (vitest.config.ts setupFiles): the fs stores a file made go when it ends.
afterAll(removeTestStores)
