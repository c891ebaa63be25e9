import { data } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/shortcuts'
import { shortcutInput } from '../../../domain/schemas/common-panels.ts'
import { apiClient } from '../../lib/api.server'
import { formFields } from '../../lib/forms'
import { requireUser } from '../../lib/session.server'
import { submittedForm } from '../../lib/forms.server'

/** The user's shortcuts, for the shortcuts panel. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  const res = await apiClient(request, context).common.shortcuts.$get()
  return { shortcuts: res.ok ? await res.json() : [] }
}

const intent = z.enum(['add', 'update', 'delete'])

/** Add, update or delete a shortcut (the panel's form). */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const fields = formFields(await submittedForm(request, context))
  const api = apiClient(request, context).common.shortcuts
  const what = intent.safeParse(fields.intent)
  if (!what.success) return data({ ok: false }, 400)
  if (what.data === 'delete') {
    const res = await api.$delete({ query: { id: fields.id ?? '' } })
    return data({ ok: res.ok }, res.ok ? 200 : 400)
  }
  const shortcut = shortcutInput.safeParse({
    ...fields,
    description: fields.description || null,
    useRouter: fields.useRouter === 'on',
  })
  if (!shortcut.success) return data({ ok: false }, 400)
  const res =
    what.data === 'add'
      ? await api.$post({ json: { shortcut: shortcut.data } })
      : await api.$patch({ json: { id: fields.id ?? '', shortcut: shortcut.data } })
  return data({ ok: res.ok }, res.ok ? 200 : 400)
}
