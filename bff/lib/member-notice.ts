import type { Culture } from '../../domain/cultures.ts'
import { atLeast, type AccessLevel } from '../../domain/access.ts'
import { activeGrants } from '../../domain/tenancy.ts'
import type { Deps } from './deps.ts'
import { levelsFor } from './page-access.ts'

/** What a notice says, in one reader's language, and where it opens. */
export type Notice = { icon: string; title: string; description: string; link: string }

/**
 * A notification to every active member of the company who may open `page` at `level` in the
 * branch (the quote's, the visit's ...), each in their own language, as their panel shows it. Each
 * member's on its own: one that fails is logged, the others go.
 */
export async function noticeToMembers(
  deps: Deps,
  target: { empresa: number; filial: number; page: string; level?: AccessLevel },
  words: (culture: Culture) => Notice,
) {
  const { empresa, filial, page } = target
  const members = await deps.repos.users.members(empresa)
  const sent = await Promise.allSettled(
    members.map(async ({ value: user }) => {
      if (!user.active) return
      const grant = activeGrants(user).find((g) => g.empresa === empresa && (g.filial === 'all' || g.filial === filial))
      if (!grant) return
      const levels = await levelsFor(deps, { empresa, filial, grant }, user.id, undefined)
      if (!atLeast(levels[page] ?? 'none', target.level ?? 'view')) return
      const notice = words(user.culture)
      await deps.repos.panels(user.id).notifications.add({
        id: crypto.randomUUID(),
        ...notice,
        time: new Date(deps.now()).toISOString(),
        read: false,
        seen: false,
        useRouter: true,
      })
    }),
  )
  for (const failed of sent) if (failed.status === 'rejected') deps.log.error(`a notice failed`, failed.reason)
}
