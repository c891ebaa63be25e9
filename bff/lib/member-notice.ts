import { atLeast, type AccessLevel } from '../../domain/access.ts'
import { activeGrants } from '../../domain/tenancy.ts'
import type { PanelText } from '../../domain/panel-texts.ts'
import type { Deps } from './deps.ts'
import { levelsFor } from './page-access.ts'

/** What a notice says (the key of its words and their values: each reader reads it in their language) and where it opens. */
export type Notice = { icon: string; text: PanelText; link: string }

/**
 * A notification to every active member of the company who may open `page` at `level` in the
 * branch (the quote's, the visit's ...). It is stored as its key and values, so each reads it in their
 * own language, the one they read in now (docs/shell.md §3). Each member's on its own: one that fails
 * is logged, the others go.
 */
export async function noticeToMembers(
  deps: Deps,
  target: { empresa: number; filial: number; page: string; level?: AccessLevel },
  notice: Notice,
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
