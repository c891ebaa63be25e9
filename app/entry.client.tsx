import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadMessages, toLocale } from './lib/i18n'

// Only the page's language is loaded (its messages module), before the page hydrates.
void loadMessages(toLocale(document.documentElement.lang.slice(0, 2))).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  }),
)
