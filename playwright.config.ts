import { defineConfig, type PlaywrightTestConfig } from '@playwright/test'
import { availableParallelism } from 'node:os'
import { CARD_KEYS } from './tests/shared/card-provider.ts'

/**
 * Several checkouts on one machine run their browser tests at once with E2E_PORT_OFFSET set apart:
 * at least ten ports per worker (each worker's servers take the ten ports after the last's).
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0)
/**
 * Browser tests run in E2E_WORKERS workers: by default one per two cores, as a test's browser and
 * its server each keep a core busy, but at least two where there are two cores: a test also waits
 * (on its server, on animations, on the network it plays), and on CI's 2 cores two workers took
 * 14.2 min against one's 15.1, each test twice as long. Each worker has servers of its own, with their own demo data, on ports
 * ten apart: what one test file changes (a person's language, a branch closed) never shows in
 * another's. A worker knows its slot from Playwright's TEST_PARALLEL_INDEX; the runner starts every slot's.
 */
const WORKERS = (() => {
  const set = process.env.E2E_WORKERS
  if (set === undefined) return Math.max(Math.min(2, availableParallelism()), Math.floor(availableParallelism() / 2))
  if (!/^[1-9]\d*$/.test(set)) throw new Error(`E2E_WORKERS is a number of workers (2), not "${set}"`)
  return Number(set)
})()
const slotPorts = (slot: number) => {
  const at = OFFSET + slot * 10
  return { app: 3111 + at, mail: 3112 + at, smtp: 2626 + at, card: 2727 + at }
}
const SLOT = Number(process.env.TEST_PARALLEL_INDEX ?? 0)
if (SLOT >= WORKERS)
  throw new Error(`worker ${SLOT + 1} has no servers: set the number of workers with E2E_WORKERS, not --workers`)
const PORTS = slotPorts(SLOT)
/** This worker's server: the address its tests' pages open. */
export const BASE_URL = `http://127.0.0.1:${PORTS.app}`
const serverLog = (slot: number) => `tests/artifacts/server-${slot}.log`
const mailLog = (slot: number) => `tests/artifacts/mail-${slot}.jsonl`
export const SERVER_LOG = serverLog(SLOT)
/** A second server that sends e-mail, to the local SMTP test server whose mails land in MAIL_LOG. */
export const MAIL_PORT = PORTS.mail
export const MAIL_LOG = mailLog(SLOT)
/** The local server that plays the card provider (tests/shared/card-provider.ts). */
export const CARD_PROVIDER_PORT = PORTS.card

/**
 * The demo data is laid out around the day it is loaded, in its company's zone (seeds/tenancy.ts):
 * a run that crossed midnight there would read yesterday's visits as today's. Within an hour of
 * midnight in São Paulo the run loads it an hour west (Manaus). Chosen once, in the runner, whose
 * environment the workers inherit.
 */
process.env.DEMO_TIME_ZONE ??= (() => {
  const [hour] = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', hourCycle: 'h23' })
    .format(Date.now())
    .split(':')
  return Number(hour) === 23 ? 'America/Manaus' : 'America/Sao_Paulo'
})()
export const DEMO_TIME_ZONE = process.env.DEMO_TIME_ZONE

type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/artifacts/e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  reporter: [['list']],
  // the end-to-end scenarios (a quote from the office to the client and back ...) take 10–30 s on a busy machine
  timeout: 60_000,
  use: {
    baseURL: BASE_URL,
    // a trace (E2E_TRACE=1) records the page at every step: a fifth of the suite's time, so it is
    // kept for looking into a failure; a failed test always keeps its screenshot and error context
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: Array.from({ length: WORKERS }, (_, slot): WebServer[] => {
    const { app, mail, smtp, card } = slotPorts(slot)
    return [
      {
        // the server as npm start runs it (built by npm run build, which npm test runs first)
        // its log is where links go when there is no mail server (invitations, resets): the tests read them there
        command: `mkdir -p tests/artifacts && node build/node/server.js > ${serverLog(slot)} 2>&1`,
        url: `http://127.0.0.1:${app}/api/health`,
        reuseExistingServer: false,
        env: {
          PORT: String(app),
          STORAGE_DRIVER: 'memory',
          NODE_ENV: 'test',
          DEMO_TIME_ZONE,
          ...CARD_KEYS,
          CARD_PROVIDER_URL: `http://127.0.0.1:${card}`,
        },
        stdout: 'pipe',
      },
      {
        command: `node tests/e2e/card-provider-server.ts`,
        port: card,
        reuseExistingServer: false,
        env: { CARD_PROVIDER_PORT: String(card), APP_URL: `http://127.0.0.1:${app}` },
      },
      {
        command: `node tests/e2e/smtp-server.ts`,
        port: smtp,
        reuseExistingServer: false,
        env: { SMTP_PORT: String(smtp), MAIL_LOG: mailLog(slot) },
      },
      {
        // the same build with a mail server: what a client is sent reaches the SMTP test server
        command: `node build/node/server.js > tests/artifacts/server-mail-${slot}.log 2>&1`,
        url: `http://127.0.0.1:${mail}/api/health`,
        reuseExistingServer: false,
        env: {
          PORT: String(mail),
          STORAGE_DRIVER: 'memory',
          NODE_ENV: 'test',
          DEMO_TIME_ZONE,
          SMTP_URL: `smtp://127.0.0.1:${smtp}`,
        },
        stdout: 'pipe',
      },
    ]
  }).flat(),
})
