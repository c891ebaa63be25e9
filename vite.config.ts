import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { REFERENCE_SCRIPT } from './bff/lib/reference-script.ts'
import { routeMessages } from './messages/route-messages.ts'

/**
 * The API reference page's script (Scalar's browser bundle), served by the app itself among the
 * client's assets under REFERENCE_SCRIPT, on every runtime: no script from elsewhere (docs/api.md).
 */
function referenceScript(): Plugin {
  const dist = new URL('./node_modules/@scalar/api-reference/', import.meta.url)
  return {
    name: 'api-reference-script',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle() {
      const { version } = JSON.parse(readFileSync(new URL('package.json', dist), 'utf8')) as { version: string }
      if (!REFERENCE_SCRIPT.endsWith(`-${version}.js`))
        this.error(`${REFERENCE_SCRIPT} does not name the installed @scalar/api-reference ${version}`)
      this.emitFile({
        type: 'asset',
        fileName: REFERENCE_SCRIPT.slice(1),
        source: readFileSync(new URL('dist/browser/standalone.js', dist)),
      })
    },
  }
}

/**
 * In the browser's build `zod` is app/lib/inert-zod.ts: the pages read what the server checked; and
 * the domain's English texts (domain/messages.ts) are app/lib/inert-messages.ts: the server says them.
 */
function zodStaysOnTheServer(): Plugin {
  const inert = fileURLToPath(new URL('./app/lib/inert-zod.ts', import.meta.url))
  const messages = fileURLToPath(new URL('./domain/messages.ts', import.meta.url))
  const inertMessages = fileURLToPath(new URL('./app/lib/inert-messages.ts', import.meta.url))
  return {
    name: 'zod-stays-on-the-server',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(id, importer) {
      if (id === 'zod') return inert
      if (!id.endsWith('messages.ts') || !importer || importer === inertMessages) return null
      return resolve(dirname(importer), id) === messages ? inertMessages : null
    },
  }
}

export default defineConfig({
  plugins: [
    tailwindcss(),
    zodStaysOnTheServer(),
    routeMessages(fileURLToPath(new URL('./app', import.meta.url))),
    reactRouter(),
    referenceScript(),
  ],
  build: { assetsInlineLimit: 0, sourcemap: !!process.env.SOURCEMAP },
  // a JSON file is one JSON.parse of a string, not a variable per key: the messages load as data (app/lib/i18n.ts)
  json: { stringify: true, namedExports: false },
})
