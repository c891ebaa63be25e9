import { defineConfig } from '@playwright/test'

const PORT = 3111

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/artifacts/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // the server as npm start runs it (built by npm run build, which npm test runs first)
    command: 'node build/node/server.js',
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    env: { PORT: String(PORT), STORAGE_DRIVER: 'memory', NODE_ENV: 'test' },
    stdout: 'pipe',
  },
})
