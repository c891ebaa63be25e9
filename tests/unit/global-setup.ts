import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from '../runtime/servers.ts'

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    redisUrl: string
  }
}

/** Starts a throw-away redis-server on 127.0.0.1 for the redis storage tests. */
export default async function setup(project: TestProject) {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error('redis-server is not installed: apt-get install -y redis-server (.ci/run does this)')
  }
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'redis-test-'))
  const redis: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  )
  for (let i = 0; i < 100; i++) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG'
    )
      break
    await new Promise((r) => setTimeout(r, 50))
  }
  project.provide('redisUrl', `redis://127.0.0.1:${port}`)
  return () => {
    redis.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
}
