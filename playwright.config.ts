import { defineConfig } from '@playwright/test'

const PORT = 3111
export const SERVER_LOG = 'tests/artifacts/server.log'

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
    trace: 'retain-on-failure',
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
  webServer: {
    // the server as npm start runs it (built by npm run build, which npm test runs first)
    // its log is where links go when there is no mail server (invitations, resets): the tests read them there
    command: `mkdir -p tests/artifacts && node build/node/server.js > ${SERVER_LOG} 2>&1`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    env: { PORT: String(PORT), STORAGE_DRIVER: 'memory', NODE_ENV: 'test' },
    stdout: 'pipe',
  },
})
