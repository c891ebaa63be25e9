import { describe, expect, it } from 'vitest'
import { pickLayout } from '../../app/lib/layouts.ts'

const q = (s: string) => new URLSearchParams(s)

describe('pickLayout (docs/shell.md §2: configured default, query parameter, route data)', () => {
  it('takes the configured default when nothing asks for another', () => {
    expect(pickLayout(q(''), [{}, { handle: undefined }], 'classy')).toBe('classy')
    expect(pickLayout(q(''), [], 'modern')).toBe('modern')
  })
  it('takes the deepest route data that names a layout', () => {
    expect(
      pickLayout(q(''), [{ handle: { layout: 'thin' } }, { handle: { layout: 'empty' } }, { handle: {} }], 'classy'),
    ).toBe('empty')
  })
  it('lets the layout query parameter win over route data', () => {
    expect(pickLayout(q('layout=dense'), [{ handle: { layout: 'empty' } }], 'classy')).toBe('dense')
  })
  it('ignores unknown names', () => {
    expect(pickLayout(q('layout=nope'), [{ handle: { layout: 'nope' } }], 'classic')).toBe('classic')
  })
})
