import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { labelSlug, uniqueSlug } from '../../bff/routes/mailbox.ts'
import { folderSchema, mailLabelSchema, mailListAnswer, mailSchema } from '../../domain/schemas/mailbox.ts'
import { testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

const acme = { 'x-empresa': '1' }
type MailPage = {
  mails: Array<z.infer<typeof mailSchema> & { ccCount: number; bccCount: number }> | null
  pagination: Record<string, number>
}

describe('mail label slugs', () => {
  it('lowercases, turns spaces into hyphens, collapses them and drops other characters', () => {
    expect(labelSlug('My  Big Label!')).toBe('my-big-label')
    expect(labelSlug('Ações & Co')).toBe('aes--co')
    expect(uniqueSlug('work', new Set(['work', 'work-1']))).toBe('work-2')
    expect(uniqueSlug('fresh', new Set(['work']))).toBe('fresh')
  })
})

describe('api/apps/mailbox', () => {
  let bff: TestBff
  let token: string
  beforeAll(async () => {
    bff = await testBff()
    token = await bff.signIn()
  })
  const list = async (query: string, headers = acme) =>
    expectSchema(
      mailListAnswer,
      await (await bff.call(`/apps/mailbox/mails?${query}`, { token, headers })).json(),
    ) as MailPage
  const folders = async () =>
    expectSchema(
      z.array(folderSchema),
      await (await bff.call('/apps/mailbox/folders', { token, headers: acme })).json(),
    )

  it('lists a folder newest first, 10 a page, with the pagination fields and cc/bcc counts', async () => {
    const first = await list('folder=inbox')
    expect(first.mails).toHaveLength(10)
    const dates = first.mails!.map((m) => m.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(first.pagination).toEqual({
      totalResults: 32,
      resultsPerPage: 10,
      currentPage: 1,
      lastPage: 4,
      startIndex: 0,
      endIndex: 9,
    })
    expect(first.mails!.every((m) => m.ccCount === (m.cc?.length ?? 0) && m.bccCount === (m.bcc?.length ?? 0))).toBe(
      true,
    )
    const last = await list('folder=inbox&page=4')
    expect(last.pagination).toMatchObject({ startIndex: 30, endIndex: 31 })
    expect(await list('folder=inbox&page=5')).toEqual({ mails: null, pagination: { lastPage: 4 } })
    expect(await list('folder=nothing')).toEqual({
      mails: [],
      pagination: { totalResults: 0, resultsPerPage: 10, currentPage: 1, lastPage: 1, startIndex: 0, endIndex: -1 },
    })
  })

  it('lists by filter and by label slug', async () => {
    const starred = await list('filter=starred')
    expect(starred.mails!.length).toBeGreaterThan(0)
    expect(starred.mails!.every((m) => m.starred)).toBe(true)
    const work = await list('label=work')
    expect(work.mails!.every((m) => m.labels.includes('mlabel-2'))).toBe(true)
    expect((await bff.call('/apps/mailbox/mails', { token, headers: acme })).status).toBe(400)
    expect((await bff.call('/apps/mailbox/mails?folder=inbox&filter=starred', { token, headers: acme })).status).toBe(
      400,
    )
  })

  it('counts folders: sent and trash 0, drafts and spam all, inbox unread', async () => {
    const counts = Object.fromEntries((await folders()).map((f) => [f.slug, f.count]))
    expect(counts.sent).toBe(0)
    expect(counts.trash).toBe(0)
    expect(counts.drafts).toBe(7)
    expect(counts.spam).toBe(7)
    const inbox = [
      ...(await list('folder=inbox&page=1')).mails!,
      ...(await list('folder=inbox&page=2')).mails!,
      ...(await list('folder=inbox&page=3')).mails!,
      ...(await list('folder=inbox&page=4')).mails!,
    ]
    expect(counts.inbox).toBe(inbox.filter((m) => m.unread).length)
  })

  it('toggles flags and moves a mail, and the counts follow', async () => {
    const [mail] = (await list('folder=inbox')).mails!
    const before = (await folders()).find((f) => f.slug === 'inbox')!.count
    const patched = expectSchema(
      mailSchema,
      await (
        await bff.call('/apps/mailbox/mail', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { id: mail.id, mail: { unread: !mail.unread, starred: true } },
        })
      ).json(),
    )
    expect(patched).toMatchObject({ unread: !mail.unread, starred: true, subject: mail.subject })
    expect((await folders()).find((f) => f.slug === 'inbox')!.count).toBe(before + (mail.unread ? -1 : 1))
    expect(
      (
        await bff.call('/apps/mailbox/mail', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { id: mail.id, mail: { unread: 'yes' } },
        })
      ).status,
    ).toBe(400)
  })

  it('creates labels with unique slugs, updates them without the check, deletes one from every mail', async () => {
    const a = expectSchema(
      mailLabelSchema,
      await (
        await bff.call('/apps/mailbox/label', {
          method: 'POST',
          token,
          headers: acme,
          json: { label: { title: 'Work', color: 'orange' } },
        })
      ).json(),
    )
    expect(a.slug).toBe('work-1')
    const b = expectSchema(
      mailLabelSchema,
      await (
        await bff.call('/apps/mailbox/label', {
          method: 'POST',
          token,
          headers: acme,
          json: { label: { title: 'Work' } },
        })
      ).json(),
    )
    expect(b.slug).toBe('work-2')
    const renamed = await (
      await bff.call('/apps/mailbox/label', {
        method: 'PATCH',
        token,
        headers: acme,
        json: { id: b.id, label: { title: 'Personal' } },
      })
    ).json()
    expect(renamed).toMatchObject({ title: 'Personal', slug: 'personal' })
    expect((await list('label=payments')).mails!.length).toBeGreaterThan(0)
    expect(
      await (await bff.call('/apps/mailbox/label?id=mlabel-3', { method: 'DELETE', token, headers: acme })).json(),
    ).toBe(true)
    expect(await list('label=payments')).toMatchObject({ mails: [] })
  })

  it('keeps settings, companies apart, and needs a token', async () => {
    expect(await (await bff.call('/apps/mailbox/settings', { token, headers: acme })).json()).toEqual({
      messageLayout: 'right',
    })
    expect(
      await (
        await bff.call('/apps/mailbox/settings', {
          method: 'PATCH',
          token,
          headers: acme,
          json: { settings: { messageLayout: 'full' } },
        })
      ).json(),
    ).toEqual({ messageLayout: 'full' })
    expect(await list('folder=inbox', { 'x-empresa': '2' })).toMatchObject({ mails: [] })
    expect((await bff.call('/apps/mailbox/folders')).status).toBe(401)
  })
})

describe('mailbox settings (security issue §12)', () => {
  it('keeps only the known settings: extra keys are dropped, not stored in the company record', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const res = await bff.call('/apps/mailbox/settings', {
      method: 'PATCH',
      token,
      json: { settings: { messageLayout: 'full', junk: 'x'.repeat(100_000), __proto__: { admin: true } } },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ messageLayout: 'full' })
    expect(await (await bff.call('/apps/mailbox/settings', { token })).json()).toEqual({ messageLayout: 'full' })
  })
})
