// Lighthouse (mobile, its defaults: simulated slow 4G and 4× CPU) on sign-in and the signed-in home.
// Run by `npm run bench`, or alone against a running server: node tests/bench/lighthouse.ts http://127.0.0.1:3000
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { DEMO_ADMIN } from '../../seeds/tenancy.ts'

export type LighthouseScores = {
  page: string
  performance: number
  accessibility: number
  bestPractices: number
  /** Largest Contentful Paint, simulated (slow 4G, 4× slower CPU), in ms. */
  lcpMs: number
  failed: string[]
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Scores of each page, with the audits that cost points (for the closing note and for fixing them). */
export async function lighthousePages(
  base: string,
  pages: Array<{ page: string; path: string; cookies?: Record<string, string> }>,
): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  try {
    const scores: LighthouseScores[] = []
    for (const { page, path, cookies = {} } of pages) {
      // in the browser's own cookie jar, as after a real sign-in (a Cookie header would be dropped on redirects)
      await setCookies(chrome.port, base, cookies)
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      })
      const shown = new URL(result?.lhr.finalDisplayedUrl ?? base)
      if (shown.pathname + shown.search !== path)
        throw new Error(`Lighthouse measured ${result?.lhr.finalDisplayedUrl}, not ${path}`)
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`)
      const { categories, audits } = result.lhr
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
      const failed = Object.values(audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 0.9 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'manual' &&
            a.scoreDisplayMode !== 'notApplicable',
        )
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
      scores.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        failed,
      })
    }
    return scores
  } finally {
    chrome.kill()
  }
}

/** Replaces the browser's cookies through the DevTools protocol (Storage.setCookies on the browser target). */
async function setCookies(port: number, base: string, cookies: Record<string, string>) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string
  }
  const socket = new WebSocket(webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  const call = (id: number, method: string, params: object) =>
    new Promise<void>((resolve) => {
      socket.onmessage = (event) => (JSON.parse(String(event.data)) as { id?: number }).id === id && resolve()
      socket.send(JSON.stringify({ id, method, params }))
    })
  await call(1, 'Storage.clearCookies', {})
  await call(2, 'Storage.setCookies', {
    cookies: Object.entries(cookies).map(([name, value]) => ({
      name,
      value,
      url: base,
      httpOnly: true,
      sameSite: 'Lax',
    })),
  })
  socket.close()
}

/** Signs in through the API and gives the cookies the pages read. */
export async function signedInCookies(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  })
  const { accessToken } = (await res.json()) as { accessToken: string }
  return { token: accessToken, currentEmpresa: '1', currentFilial: '2' }
}

export function printLighthouse(scores: LighthouseScores[]) {
  console.log(
    `\n| Lighthouse (mobile) | performance | accessibility | best practices | LCP s | audits below 0.9 |\n|---|---:|---:|---:|---:|---|`,
  )
  for (const s of scores)
    console.log(
      `| ${s.page} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${(s.lcpMs / 1000).toFixed(2)} | ${s.failed.join(', ') || '—'} |`,
    )
  const met = scores.every((s) => s.performance === 100 && s.accessibility === 100 && s.bestPractices === 100)
  console.log(`Target (issue 14): 100 / 100 / 100 on each page → ${met ? 'met' : 'NOT met'}`)
}

if (import.meta.main) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000'
  const cookies = await signedInCookies(base)
  printLighthouse(
    await lighthousePages(base, [
      { page: 'sign-in', path: '/sign-in' },
      { page: 'signed-in home', path: '/view/home', cookies },
    ]),
  )
}
