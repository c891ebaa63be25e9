import { beforeAll, describe, expect, it } from 'vitest'
import { faqsAnswer, guideAnswer, guidesAnswer } from '../../domain/schemas/help-center.ts'
import { testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

const acme = { 'x-empresa': '1' }

describe('api/apps/help-center', () => {
  let bff: TestBff
  let token: string
  beforeAll(async () => {
    bff = await testBff()
    token = await bff.signIn()
  })
  const get = async (path: string, headers = acme) =>
    (await bff.call(`/apps/help-center${path}`, { token, headers })).json()

  it('lists FAQ categories with their FAQs, or one category by slug', async () => {
    const all = expectSchema(faqsAnswer, await get('/faqs'))
    expect(all.map((c) => c.slug)).toEqual(['most-asked', 'general-inquiries', 'licenses', 'payments', 'support'])
    expect(all.every((c) => c.faqs.length > 0)).toBe(true)
    const one = expectSchema(faqsAnswer, await get('/faqs?slug=payments'))
    expect(one.map((c) => c.slug)).toEqual(['payments'])
  })

  it('lists guide categories with visibleGuides, totalGuides and the first 5; a slug gives all of one', async () => {
    const all = expectSchema(guidesAnswer, await get('/guides'))
    expect(all.map((c) => c.slug)).toEqual(['getting-started', 'projects', 'settings', 'payments', 'your-account'])
    for (const c of all) {
      expect(c).toMatchObject({ visibleGuides: 5, totalGuides: 8 })
      expect(c.guides).toHaveLength(5)
      expect(c.guides.every((g) => g.content === undefined)).toBe(true)
    }
    expect(expectSchema(guidesAnswer, await get('/guides?limit=2'))[0].guides).toHaveLength(2)
    const one = expectSchema(guidesAnswer, await get('/guides?slug=projects'))
    expect(one).toHaveLength(1)
    expect(one[0].guides).toHaveLength(8)
  })

  it('answers one guide with its content inside its category, null when unknown', async () => {
    const [first] = expectSchema(guidesAnswer, await get('/guides?slug=getting-started'))
    const guide = expectSchema(
      guideAnswer,
      await get(`/guide?categorySlug=getting-started&guideSlug=${first.guides[0].slug}`),
    )
    expect(guide?.slug).toBe('getting-started')
    expect(guide?.guides[0].content).toContain('<h2>')
    expect(await get('/guide?categorySlug=getting-started&guideSlug=nope')).toBeNull()
    expect((await bff.call('/apps/help-center/guide?categorySlug=x', { token, headers: acme })).status).toBe(400)
    expect(await get('/faqs', { 'x-empresa': '2' })).toEqual([])
    expect((await bff.call('/apps/help-center/faqs')).status).toBe(401)
  })
})
