import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadMessages, toLocale } from './lib/i18n'
import { loadPageScriptsFirst } from './lib/route-loading'

// Only the messages of the page's routes (React Router's script names their modules before this one
// runs) in the page's language are loaded, before the page hydrates; and a part of the page in
// another language (a client's quote) names its own with data-messages.
const routes = Object.keys((window as { __reactRouterRouteModules?: object }).__reactRouterRouteModules ?? {})
const languages = new Set([
  document.documentElement.lang.slice(0, 2),
  ...[...document.querySelectorAll<HTMLElement>('[data-messages]')].map((el) => el.dataset.messages!),
])
void Promise.all([...languages].map((lang) => loadMessages(toLocale(lang), routes))).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter instrumentations={[loadPageScriptsFirst]} />
      </StrictMode>,
    )
  }),
)
