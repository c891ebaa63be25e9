// Runs the storage contract under Deno against a fresh Deno KV; prints "N passed, M failed".
import { openStore } from '../../storage/open.ts'
import type { DenoKv } from '../../storage/drivers/deno-kv.ts'
import { storageContract } from '../shared/storage-contract.ts'

declare const Deno: {
  openKv(path?: string): Promise<DenoKv>
  makeTempDir(): Promise<string>
  exit(code: number): never
}

const dir = await Deno.makeTempDir()
const tests: Array<[string, () => Promise<void>]> = []
storageContract(
  (name, fn) => tests.push([name, fn]),
  async () => openStore({ driver: 'deno-kv', kv: await Deno.openKv(`${dir}/contract.kv`) }),
)

let passed = 0
let failed = 0
for (const [name, fn] of tests) {
  try {
    await fn()
    passed++
    console.log(`ok - ${name}`)
  } catch (error) {
    failed++
    console.log(`not ok - ${name}\n${String(error)}`)
  }
}
console.log(`${passed} passed, ${failed} failed`)
Deno.exit(failed === 0 && passed > 0 ? 0 : 1)
