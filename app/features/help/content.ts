import type { Locale } from '../../lib/i18n'
import { en } from './en'
import { es } from './es'
import { pt } from './pt'

/**
 * One question of the in-app help and its answer: paragraphs of plain text where `[words](/path)`
 * links to a screen of the app (app/features/help/parts.ts reads them; tests/unit/help.test.ts checks that each path is a real screen).
 */
export type HelpQuestion = { id: string; question: string; answer: readonly string[] }

/** A section of the help: a heading and its questions. */
export type HelpSection = { id: string; title: string; questions: readonly HelpQuestion[] }

/** The help of one language: the same sections and questions (by id) in every language. */
export type HelpContent = readonly HelpSection[]

/** The product's own help (docs/shell.md "The in-app help"), by the reader's language. */
export const HELP: Record<Locale, HelpContent> = { en, es, pt }
