import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../domain/messages.ts'

// domain/messages.ts: a code is the key of its message in the user's language, so a screen shows
// every refusal translated — a new module's codes come with their three texts (README, "A new module")
describe('error codes', () => {
  it.each(['en', 'es', 'pt'])('each has its text in %s', (language) => {
    const texts = JSON.parse(readFileSync(`messages/${language}.json`, 'utf8')) as Record<string, string>
    expect(Object.keys(MESSAGES).filter((code) => !texts[code]?.trim())).toEqual([])
  })
})
