import { test as base, expect } from '@playwright/test'

export * from '@playwright/test'

/**
 * The browser tests' `test`: besides Playwright's, every page of a test's browser context is
 * heard, and a message its page's files lack (app/lib/i18n.ts: "Missing message: <key>") fails
 * the test — the browser loads only the messages messages/route-messages.ts found a page uses.
 */
export const test = base.extend<{ missingMessages: void }>({
  missingMessages: [
    async ({ context }, use) => {
      const missing: string[] = []
      context.on('console', (message) => {
        if (message.type() === 'error' && message.text().startsWith('Missing message'))
          missing.push(`${message.text()} on ${message.page()?.url()}`)
      })
      await use()
      expect(missing, 'messages the page had to show').toEqual([])
    },
    { auto: true },
  ],
})
