import { redirect } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/panel'
import { apiClient } from '../../lib/api.server'
import { formFields } from '../../lib/forms'
import { requireUser, safeRedirect } from '../../lib/session.server'
import { submittedForm } from '../../lib/forms.server'

const intent = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('toggle'),
    kind: z.enum(['messages', 'notifications']),
    id: z.string().min(1),
    read: z.enum(['true', 'false']),
  }),
  z.object({ intent: z.literal('mark-all'), kind: z.enum(['messages', 'notifications']) }),
  z.object({ intent: z.literal('remove'), kind: z.enum(['messages', 'notifications']), id: z.string().min(1) }),
  z.object({ intent: z.literal('status'), status: z.enum(['online', 'away', 'busy', 'not-visible']) }),
])

/** The items of one panel, loaded when it opens. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const kind = new URL(request.url).searchParams.get('kind') === 'notifications' ? 'notifications' : 'messages'
  const api = apiClient(request, context)
  const res = await (kind === 'messages' ? api.common.messages.$get() : api.common.notifications.$get())
  return { kind, items: res.ok ? await res.json() : [] }
}

/** The header panels' actions (messages, notifications, user status), then back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const fields = formFields(await submittedForm(request, context))
  const back = safeRedirect(fields.redirectTo, '/view/home')
  const parsed = intent.safeParse(fields)
  if (!parsed.success) throw redirect(back)
  const api = apiClient(request, context)
  const input = parsed.data
  let res: Response
  if (input.intent === 'status') {
    res = await api.common.user.$patch({ json: { user: { status: input.status } } })
  } else {
    const panel = input.kind === 'messages' ? api.common.messages : api.common.notifications
    const key = input.kind === 'messages' ? 'message' : 'notification'
    if (input.intent === 'toggle')
      res = await panel['toggle-read-status'].$post({
        json: { [key]: { id: input.id, read: input.read === 'true' } } as never,
      })
    else if (input.intent === 'mark-all') res = await panel['mark-all-as-read'].$get()
    else res = await panel.$delete({ query: { id: input.id } })
  }
  // docs/shell.md §8: a change the BFF refused is told in a toast
  if (!res.ok) {
    const url = new URL(back, 'http://x')
    url.searchParams.set('toast', 'error_unexpected')
    throw redirect(url.pathname + url.search)
  }
  throw redirect(back)
}
