import type * as Messages from '../../domain/messages.ts'

/**
 * What domain/messages.ts is in the browser's build (vite.config.ts). The domain's schemas name
 * their rules' English texts, which only the server says (the pages say a refusal in the user's
 * language by its code, from messages/*.json): here a text is its code, so the browser does not
 * download every English text with each page.
 */
export const MESSAGES = new Proxy({} as typeof Messages.MESSAGES, {
  get: (_target, key) => (typeof key === 'string' ? key : undefined),
})
export const STATUS_CODES: typeof Messages.STATUS_CODES = {}
export const rule: typeof Messages.rule = (code) => ({ message: MESSAGES[code], params: { code } })
export const issueCode: typeof Messages.issueCode = (issue) => {
  throw new Error(`a refusal is read on the server (app/lib/inert-messages.ts): ${issue.code}`)
}
