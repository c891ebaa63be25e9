import { fieldError } from './errors.ts'

let common: Promise<Set<string>> | undefined

/**
 * The 49,233 most common passwords, ranked by how often they leak (zxcvbn-ts's maintained
 * list, plain data that runs on Node, Workers and Deno). Loaded on the first password set, not
 * at start, and never shipped to the browser.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'] as string[]),
  )
  return common
}

/** Refuses (400 with the field's code) a new password that is common, blank, or one character repeated. */
export async function requireUncommonPassword(field: string, password: string): Promise<void> {
  const trimmed = password.trim()
  if (!trimmed || /^(.)\1*$/su.test(password) || (await commonPasswords()).has(password.toLowerCase()))
    throw fieldError(field, 'password_common')
}
