import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { chatSchema, chatWithMessagesSchema } from '../../domain/schemas/chat.ts'
import { testBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

describe('api/apps/chat', () => {
  it('lists the chats with their contact, opens one, and answers 404 with the spec text for an unknown id', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const headers = { 'x-empresa': '1' }
    const chats = expectSchema(
      z.array(chatSchema),
      await (await bff.call('/apps/chat/chats', { token, headers })).json(),
    )
    expect(chats).toHaveLength(10)
    expect(chats.every((c) => c.contact?.id === c.contactId)).toBe(true)
    const one = expectSchema(
      chatWithMessagesSchema,
      await (await bff.call(`/apps/chat/chat?id=${chats[0].id}`, { token, headers })).json(),
    )
    expect(one.messages.length).toBeGreaterThan(1)
    const missing = await bff.call('/apps/chat/chat?id=abc-123', { token, headers })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'Could not found chat with id of abc-123!' })
    const other = await bff.call(`/apps/chat/chat?id=${chats[0].id}`, { token, headers: { 'x-empresa': '2' } })
    expect(other.status).toBe(404)
    expect(await (await bff.call('/apps/chat/chats', { token, headers: { 'x-empresa': '2' } })).json()).toEqual([])
    expect((await bff.call('/apps/chat/chats')).status).toBe(401)
    expect((await bff.call('/apps/chat/chat', { token, headers })).status).toBe(400)
  })
})
