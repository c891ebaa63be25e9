import { defineConfig } from '@playwright/test'
import { CARD_KEYS } from './tests/shared/card-provider.ts'

/** Several checkouts on one machine run their browser tests at once with E2E_PORT_OFFSET set apart. */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0)
const PORT = 3111 + OFFSET
export const SERVER_LOG = 'tests/artifacts/server.log'
/** A second server that sends e-mail, to the local SMTP test server whose mails land in MAIL_LOG. */
export const MAIL_PORT = 3112 + OFFSET
const SMTP_PORT = 2626 + OFFSET
export const MAIL_LOG = 'tests/artifacts/mail.jsonl'
/** The local server that plays the card provider (tests/shared/card-provider.ts). */
export const CARD_PROVIDER_PORT = 2727 + OFFSET

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

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/artifacts/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // the end-to-end scenarios (a quote from the office to the client and back ...) take 10–30 s on a busy machine
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
  webServer: [
    {
      // the server as npm start runs it (built by npm run build, which npm test runs first)
      // its log is where links go when there is no mail server (invitations, resets): the tests read them there
      command: `mkdir -p tests/artifacts && node build/node/server.js > ${SERVER_LOG} 2>&1`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      env: {
        PORT: String(PORT),
        STORAGE_DRIVER: 'memory',
        NODE_ENV: 'test',
        DEMO_TIME_ZONE,
        ...CARD_KEYS,
        CARD_PROVIDER_URL: `http://127.0.0.1:${CARD_PROVIDER_PORT}`,
      },
      stdout: 'pipe',
    },
    {
      command: `node tests/e2e/card-provider-server.ts`,
      port: CARD_PROVIDER_PORT,
      reuseExistingServer: false,
      env: { CARD_PROVIDER_PORT: String(CARD_PROVIDER_PORT), APP_URL: `http://127.0.0.1:${PORT}` },
    },
    {
      command: `node tests/e2e/smtp-server.ts`,
      port: SMTP_PORT,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(SMTP_PORT), MAIL_LOG },
    },
    {
      // the same build with a mail server: what a client is sent reaches the SMTP test server
      command: `node build/node/server.js > tests/artifacts/server-mail.log 2>&1`,
      url: `http://127.0.0.1:${MAIL_PORT}/api/health`,
      reuseExistingServer: false,
      env: {
        PORT: String(MAIL_PORT),
        STORAGE_DRIVER: 'memory',
        NODE_ENV: 'test',
        DEMO_TIME_ZONE,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      },
      stdout: 'pipe',
    },
  ],
})
