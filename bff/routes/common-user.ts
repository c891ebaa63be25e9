import { Hono } from 'hono'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { apiError } from '../lib/errors.ts'
import { ifMatchVersion } from '../lib/etag.ts'
import { valid } from '../lib/validate.ts'
import { requireStrongPassword } from '../lib/password-strength.ts'
import { apiErrorSchema, doc } from '../lib/openapi.ts'
import { publicUserSchema } from '../../domain/schemas/common.ts'
import { userPatchSchema } from '../../domain/schemas/tenancy.ts'
import { passwordChangeSchema } from '../../domain/schemas/auth.ts'
import { checkCredentials, openSession } from '../lib/sign-in.ts'
import { hashPassword } from '../lib/passwords.ts'
import { HTTPException } from 'hono/http-exception'
import { z } from 'zod'
import { publicUser } from '../../domain/tenancy.ts'

/** api/common/user: the signed-in user (docs/demo-apis.md §7 Common). */
export function commonUserRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use(requireAuth(deps))
    .get(
      '/',
      doc({
        operationId: 'getCurrentUser',
        description:
          'The signed-in person: name, e-mail, avatar, status, culture, colours; the ETag is its version, for If-Match when changing it.',
        summary: 'The signed-in user (ETag: its version)',
        tags: ['common'],
        responses: { 200: publicUserSchema },
      }),
      (c) => {
        const { user, userVersion } = c.get('auth')
        c.header('ETag', `"${userVersion}"`)
        return c.json(publicUser(user))
      },
    )
    .patch(
      '/',
      doc({
        operationId: 'updateCurrentUser',
        example: { user: { name: 'Ana Souza', status: 'online', culture: 'pt' } },
        description:
          'Changes the signed-in person’s name, avatar, status, culture or colours; If-Match names the version edited (412 when it changed since).',
        summary: 'Change the signed-in user; If-Match names the version it edits',
        tags: ['common'],
        responses: { 200: publicUserSchema, 412: apiErrorSchema },
      }),
      valid('json', userPatchSchema),
      async (c) => {
        const { user } = c.get('auth')
        const changes = c.req.valid('json').user
        const expectVersion = ifMatchVersion(c.req.header('if-match'))
        const saved = await deps.repos.users.update(user.id, (u) => ({ ...u, ...changes }), { expectVersion })
        if (!saved) throw apiError(401, 'Invalid token')
        c.header('ETag', `"${saved.version}"`)
        return c.json(publicUser(saved.value))
      },
    )
    .post(
      '/password',
      doc({
        operationId: 'changePassword',
        example: { currentPassword: 'demo-admin-2026', newPassword: 'Blue-Harbor-Lantern-47' },
        description:
          'Changes the password, given the current one (400 when it is wrong, or the new one too weak or common); every other session ends and the answer carries a new token for this one.',
        summary: 'Change the password with the current one; ends the other sessions and answers a new token',
        tags: ['common'],
        responses: { 200: z.object({ accessToken: z.string() }), 429: apiErrorSchema },
      }),
      valid('json', passwordChangeSchema),
      async (c) => {
        const { user } = c.get('auth')
        const { currentPassword, newPassword } = c.req.valid('json')
        await requireStrongPassword('newPassword', newPassword, [user.name, user.email])
        try {
          await checkCredentials(deps, c, user.email, currentPassword, { inAll: true })
        } catch (error) {
          if (error instanceof HTTPException && error.status === 404)
            throw apiError(400, 'Invalid request', { currentPassword: ['The current password is wrong'] })
          throw error
        }
        const hash = await hashPassword(newPassword, deps.config.passwordIterations)
        const saved = await deps.repos.users.update(user.id, (u) => ({
          ...u,
          password: hash,
          sessionEpoch: u.sessionEpoch + 1,
        }))
        if (!saved) throw apiError(401, 'Invalid token')
        return c.json({ accessToken: (await openSession(deps, saved.value)).accessToken })
      },
    )
}
