import type { Deps } from './deps.ts'

/**
 * An address of the app for a link sent to someone: the configured PUBLIC_URL (required in
 * production), never the request's Host (a forged one would send the secret elsewhere).
 */
export const appLink = (deps: Deps, path: string) => `${deps.config.publicUrl ?? `http://localhost:${deps.config.port}`}${path}`

/**
 * A message for one person that carries a link (a password reset, an invitation). There is no
 * mail server yet: it goes to the server log, where an operator can pass it on.
 */
export function sendLink(deps: Deps, to: string, what: string, link: string) {
  deps.log.info(`${what} for ${to}: ${link}`)
}
