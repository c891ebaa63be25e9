import type { ZxcvbnFactory } from '@zxcvbn-ts/core'
import type { MessageCode } from '../../domain/messages.ts'
import { fieldError } from './errors.ts'

type Judge = { common: Set<string>; zxcvbn: ZxcvbnFactory }
let judge: Promise<Judge> | undefined

/**
 * zxcvbn-ts with its common dictionaries (the 49,233 most leaked passwords, names, words) and the
 * Brazilian Portuguese and Spanish ones: plain data that runs on Node, Workers and Deno. Loaded on
 * the first password set, not at start, and never shipped to the browser.
 */
function passwordJudge(): Promise<Judge> {
  judge ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-pt-br'),
    import('@zxcvbn-ts/language-es-es'),
  ]).then(([core, common, pt, es]) => ({
    common: new Set(common.dictionary['passwords-common'] as string[]),
    zxcvbn: new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...pt.dictionary, ...es.dictionary },
      graphs: common.adjacencyGraphs,
    }),
  }))
  return judge
}

/** zxcvbn's score a new password must reach: 3, "safely unguessable" (about 10⁸ guesses). */
export const STRONG_SCORE = 3

/** Why zxcvbn finds a password weak (its feedback's warning), as the reason the person reads. */
const REASONS: Record<string, MessageCode> = {
  straightRow: 'password_weak_pattern',
  keyPattern: 'password_weak_pattern',
  simpleRepeat: 'password_weak_repeat',
  extendedRepeat: 'password_weak_repeat',
  sequences: 'password_weak_pattern',
  recentYears: 'password_weak_dates',
  dates: 'password_weak_dates',
  topTen: 'password_common',
  topHundred: 'password_common',
  common: 'password_common',
  similarToCommon: 'password_common',
  pwned: 'password_common',
  wordByItself: 'password_weak_words',
  namesByThemselves: 'password_weak_words',
  commonNames: 'password_weak_words',
  userInputs: 'password_weak_personal',
}

/**
 * Refuses (400 with the field's code) a new password that zxcvbn scores under STRONG_SCORE, naming
 * why: common, a pattern, repeats, dates, lone words or names, or the person's own name or e-mail
 * (`personal`); a blank one or one character repeated is common.
 */
export async function requireStrongPassword(field: string, password: string, personal: string[] = []): Promise<void> {
  if (!password.trim() || /^(.)\1*$/su.test(password)) throw fieldError(field, 'password_common')
  const { common, zxcvbn } = await passwordJudge()
  if (common.has(password.toLowerCase())) throw fieldError(field, 'password_common')
  // the name and the e-mail's parts (with and without their accents) are guesses an attacker tries first
  const inputs = personal
    .flatMap((text) => [text, text.normalize('NFD').replace(/\p{M}/gu, '')])
    .flatMap((text) => text.toLowerCase().split(/[\s@.+_-]+/))
    .filter((word) => word.length > 2)
  const judged = await zxcvbn.checkAsync(password, inputs)
  if (judged.score < STRONG_SCORE) throw fieldError(field, REASONS[judged.feedback.warning ?? ''] ?? 'password_weak')
}
