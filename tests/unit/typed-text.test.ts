import { describe, expect, it } from 'vitest'
import { fromTypedText } from '../../app/kit/typed-text.server.ts'
import { jobInput } from '../../domain/schemas/jobs.ts'
import { quoteInput } from '../../domain/schemas/quotes.ts'

// docs/api.md §5: the API takes cents and numbers; a page's form reads what a person typed into them
describe('what a person types in a form, as the API takes it', () => {
  it('reads amounts and decimals in any culture, to cents and numbers the API accepts', () => {
    for (const [price, cents] of [
      ['1.234,56', 123456],
      ['1,234.56', 123456],
      ['R$ 1.234.567,89', 123456789],
      ['120', 12000],
      ['10,5', 1050],
    ] as const) {
      for (const culture of ['en', 'es', 'pt'] as const) {
        const { value, errors } = fromTypedText(
          jobInput,
          { unitPrice: price, taxPercent: '5,5', durationMinutes: '90' },
          culture,
        )
        expect(errors).toEqual({})
        expect(value).toEqual({ unitPrice: cents, taxPercent: 5.5, durationMinutes: 90 })
      }
    }
    const job = fromTypedText(
      jobInput,
      {
        code: 'ac-clean',
        name: 'Cleaning',
        unit: 'unit',
        unitPrice: '1.234,56',
        taxPercent: '5,5',
        durationMinutes: '90',
      },
      'pt',
    ).value
    expect(jobInput.parse(job)).toMatchObject({ code: 'AC-CLEAN', unitPrice: 123456, taxPercent: 5.5 })
  })

  it('names the rule of text that is no number, or has more decimals than the field takes (never a thousands separator)', () => {
    expect(
      fromTypedText(jobInput, { unitPrice: 'ten', taxPercent: '5', durationMinutes: '90.5' }, 'en').errors,
    ).toEqual({
      unitPrice: 'invalid_money',
      durationMinutes: 'invalid_value',
    })
    expect(fromTypedText(jobInput, { unitPrice: '12,3456' }, 'pt').errors).toEqual({ unitPrice: 'invalid_money' })
    // three decimals of money are no thousand when the number starts with 0
    expect(fromTypedText(jobInput, { unitPrice: '0.250' }, 'pt').errors).toEqual({ unitPrice: 'invalid_money' })
  })

  it('reads the lines of a quote, leaving out what was left empty (a catalogue line takes the job’s price and tax)', () => {
    const { value, errors } = fromTypedText(
      quoteInput,
      {
        lines: [
          { jobId: '', description: 'Parts', quantity: '1,5', unitPrice: '10,01', taxPercent: '' },
          { jobId: '', description: 'Bolts', quantity: '2.5000', unitPrice: '' },
        ],
      },
      'pt',
    )
    expect(value).toEqual({
      lines: [
        { jobId: '', description: 'Parts', quantity: 1.5, unitPrice: 1001 },
        { jobId: '', description: 'Bolts' },
      ],
    })
    expect(errors).toEqual({ 'lines.1.quantity': 'invalid_quantity' })
  })

  it('reads a quantity of "1.000" as the typist writes numbers: a thousand in Portuguese, one in English and Spanish', () => {
    const quantity = (typed: string, culture: 'en' | 'es' | 'pt') =>
      (
        fromTypedText(quoteInput, { lines: [{ description: 'Bolts', quantity: typed }] }, culture).value as {
          lines: Array<{ quantity?: number }>
        }
      ).lines[0].quantity
    expect(quantity('1.000', 'pt')).toBe(1000)
    expect(quantity('1,000', 'pt')).toBe(1)
    expect(quantity('1,000', 'en')).toBe(1000)
    expect(quantity('1.000', 'en')).toBe(1)
    expect(quantity('1,000', 'es')).toBe(1000)
    // what is not ambiguous reads the same everywhere: a decimal of other than three places, groups of a kind seen twice, both kinds
    for (const culture of ['en', 'es', 'pt'] as const) {
      expect(quantity('1,5', culture)).toBe(1.5)
      expect(quantity('2.25', culture)).toBe(2.25)
      expect(quantity('1.000.000', culture)).toBe(1_000_000)
      expect(quantity('1,000,000', culture)).toBe(1_000_000)
      expect(quantity('1.234,567', culture)).toBe(1234.567)
      expect(quantity('1,234.567', culture)).toBe(1234.567)
      // no thousand starts with 0: a decimal, whichever separator
      expect(quantity('0.250', culture)).toBe(0.25)
      expect(quantity('0,125', culture)).toBe(0.125)
      expect(quantity('-0,125', culture)).toBe(-0.125)
    }
  })
})
