// Where a server's CPU time went (issue 46 §1): a V8 CPU profile (node --cpu-prof) summed by what
// the time was spent in, and the functions that cost most. Used by tests/bench/pages.ts; alone:
// node tests/bench/profile.ts <directory holding a .cpuprofile>.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

export type ProfileSummary = {
  /** The busy time profiled (idle left out), in ms. */
  busyMs: number
  /** Each part's share of the busy time, largest first. */
  parts: Array<[part: string, share: number]>
  /** The functions that cost most on their own (self time), with their share. */
  functions: Array<[fn: string, share: number]>
}

/** What a script is part of: a package, the product's page bundle or API bundle, Node itself. */
function partOf(url: string): string {
  if (!url) return 'garbage collection and native code'
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]
  if (pkg === 'react-dom' || pkg === 'react') return 'React render'
  if (pkg === 'react-router' || pkg === '@react-router/node') return 'React Router (data, serialisation)'
  if (pkg === 'hono' || pkg === '@hono/node-server') return 'Hono'
  if (pkg) return pkg
  if (url.includes('/build/server/')) return 'pages: components and loaders (app/)'
  if (url.includes('/build/node/')) return 'API and storage (bff/, storage/, domain/)'
  if (url.startsWith('node:zlib')) return 'compression'
  if (url.startsWith('node:')) return 'Node (http, streams, fetch)'
  return url
}

export function profileSummary(directory: string): ProfileSummary {
  const file = readdirSync(directory).find((f) => f.endsWith('.cpuprofile'))
  if (!file) throw new Error(`no CPU profile in ${directory}`)
  const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parts = new Map<string, number>()
  const functions = new Map<string, number>()
  let busy = 0
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame
    const micros = profile.timeDeltas[i] ?? 0
    if (functionName === '(idle)' || functionName === '(program)') return
    busy += micros
    const part = partOf(url)
    parts.set(part, (parts.get(part) ?? 0) + micros)
    const fn = `${functionName || '(anonymous)'} (${part}${url ? `:${lineNumber + 1}` : ''})`
    functions.set(fn, (functions.get(fn) ?? 0) + micros)
  })
  const shares = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, micros]): [string, number] => [name, micros / busy])
  return { busyMs: busy / 1000, parts: shares(parts, 12), functions: shares(functions, 12) }
}

export function printProfile(name: string, summary: ProfileSummary) {
  const pct = (share: number) => `${(share * 100).toFixed(1)} %`
  console.log(`\nWhere ${name}'s CPU went (${summary.busyMs.toFixed(0)} ms busy, start-up included):`)
  console.log(summary.parts.map(([part, share]) => `  ${pct(share).padStart(7)}  ${part}`).join('\n'))
  console.log(`  functions: ${summary.functions.map(([fn, share]) => `${fn} ${pct(share)}`).join('; ')}`)
}

if (import.meta.main) {
  const directory = process.argv[2]
  if (!directory) throw new Error('usage: node tests/bench/profile.ts <directory holding a .cpuprofile>')
  printProfile(directory, profileSummary(directory))
}
