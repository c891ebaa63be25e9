import type { Field } from '../kit/module'

/** Choices more than one module's form offers. */
export const CULTURE_OPTIONS: Field['options'] = [
  ['en', { text: 'English' }],
  ['es', { text: 'Español' }],
  ['pt', { text: 'Português' }],
]
