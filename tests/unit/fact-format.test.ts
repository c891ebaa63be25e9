import { describe, expect, it } from 'vitest'
import { factFormat } from '../../app/kit/fact-format.ts'
import { translator } from '../../app/lib/i18n.ts'

// a record's facts and home cards read days as they are and instants as the branch's day
describe('the facts’ dates', () => {
  it('read an instant as the day it was in the branch’s zone, and a day as it is', () => {
    const late = '2026-11-28T02:07:00.000Z'
    expect(factFormat(translator('en'), 'en', 'BRL', 'America/Sao_Paulo').date(late)).toBe('Nov 27, 2026')
    expect(factFormat(translator('pt'), 'pt', 'BRL', 'Asia/Tokyo').date(late)).toBe('28 de nov. de 2026')
    expect(factFormat(translator('en'), 'en', 'BRL', 'Pacific/Honolulu').date('2026-11-28')).toBe('Nov 28, 2026')
  })
})
