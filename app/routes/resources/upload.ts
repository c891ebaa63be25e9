import { z } from 'zod'
import { data } from 'react-router'
import type { Route } from './+types/upload'
import { apiClient, callBff } from '../../lib/api.server'
import { requireUser } from '../../lib/session.server'
import { submittedForm } from '../../lib/forms.server'
import { FILE_FORM_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../../domain/upload-limits.ts'
import type { PageRouteHandle } from '../../../domain/server-context.ts'

/** Its forms carry a file (bff/server.ts reads this): one over the limit still reaches the action, which says so. */
export const handle = { bodyLimit: FILE_FORM_MAX_BYTES } satisfies PageRouteHandle

export type UploadResult =
  { ok: true; url: string | null; id: string | null; deleted?: boolean } | { ok: false; error: string }

/** What the file answers hold for this page, success or refusal, read through their shape (docs/api.md §2). */
const fileAnswer = z
  .object({
    Error: z.string().nullish(),
    error: z.string().optional(),
    ListFiles: z.array(z.object({ Id: z.string(), Url: z.string() }).loose()).optional(),
  })
  .loose()
const wrappedAnswer = z.object({ IsSuccess: z.boolean(), Msg: z.string().default('') }).loose()
/** An answer's body through `schema`, or null when it is not JSON of that shape. */
const readBody = async <T>(res: Response, schema: z.ZodType<T>): Promise<T | null> =>
  schema.safeParse(await res.json().catch(() => null)).data ?? null

/**
 * The upload dialog's Save and Delete. Save: the file goes to the BFF's FileManager upload; for
 * the company logo it then becomes the company's logo and the user's avatar (docs/shell.md §4).
 * Delete (intent=delete): the logo — the company goes back to the default logo, then the file is
 * deleted by its URL; the avatar — the profile goes back to initials. An avatar upload becomes
 * the user's picture. Errors come back as the BFF said them (§8), else the spec's texts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context)
  const form = await submittedForm(request, context)
  const api = apiClient(request, context)
  // the company logo update of a module's API (ac_empresas), by path
  const setLogo = (json: { ID_ARQUIVO: string | null; URL_LOGO: string }) =>
    callBff(request, context, '/ac_empresas/logo', { method: 'PUT', json })
  const logo = form.get('purpose') === 'logo'
  const avatar = form.get('purpose') === 'avatar'
  if (form.get('intent') === 'delete' && avatar) {
    // the picture goes from the profile; its file too, unless it is the company logo (§4 makes the logo the avatar)
    if (!user.avatar) return data<UploadResult>({ ok: false, error: 'No file to delete' }, 400)
    await api.common.user.$patch({ json: { user: { avatar: null } } })
    const shell = await api.common.shell.$get()
    const companyLogo = shell.ok ? (await shell.json()).logo : null
    if (user.avatar !== companyLogo) await api.FileManager['delete-by-url'].$delete({ query: { url: user.avatar } })
    return { ok: true, url: null, id: null, deleted: true } satisfies UploadResult
  }
  if (form.get('intent') === 'delete') {
    const url = form.get('url')
    if (!logo || typeof url !== 'string' || !url)
      return data<UploadResult>({ ok: false, error: 'No file to delete' }, 400)
    const cleared = await setLogo({ ID_ARQUIVO: null, URL_LOGO: '' })
    const answer = await readBody(cleared, wrappedAnswer)
    if (!answer?.IsSuccess)
      return data<UploadResult>({ ok: false, error: answer?.Msg || 'Unexpected error!' }, cleared.status)
    if (user.avatar === url) await api.common.user.$patch({ json: { user: { avatar: null } } })
    const res = await api.FileManager['delete-by-url'].$delete({ query: { url } })
    const body = await readBody(res, fileAnswer)
    if (!res.ok) return data<UploadResult>({ ok: false, error: body?.Error || 'Error deleting file' }, res.status)
    return { ok: true, url: null, id: null, deleted: true } satisfies UploadResult
  }
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0)
    return data<UploadResult>({ ok: false, error: 'No file selected.' }, 400)
  // over the limit: refused here, before it is sent on (the dialog checks first; a script-less or older page may not)
  if (file.size > UPLOAD_MAX_BYTES)
    return data<UploadResult>({ ok: false, error: 'File size exceeds the limit of 5 MB.' }, 413)
  const res = await api.FileManager.upload.$post({
    form: { files: file, getEmpresaProprietario: logo || avatar ? 'true' : 'false' },
  })
  const body = await readBody(res, fileAnswer)
  const uploaded = body?.ListFiles?.[0]
  if (!res.ok || !uploaded)
    return data<UploadResult>(
      { ok: false, error: body?.Error ?? body?.error ?? 'Error uploading file' },
      res.status === 413 ? 413 : 400,
    )
  if (logo) {
    const saved = await setLogo({ ID_ARQUIVO: uploaded.Id, URL_LOGO: uploaded.Url })
    const answer = await readBody(saved, wrappedAnswer)
    if (!answer?.IsSuccess) {
      // the logo was refused: the file uploaded for it goes too
      await api.FileManager['delete-by-url'].$delete({ query: { url: uploaded.Url } })
      return data<UploadResult>({ ok: false, error: answer?.Msg || 'Unexpected error!' }, saved.status)
    }
    await api.common.user.$patch({ json: { user: { avatar: uploaded.Url } } })
  }
  if (avatar) await api.common.user.$patch({ json: { user: { avatar: uploaded.Url } } })
  return { ok: true, url: uploaded.Url, id: uploaded.Id } satisfies UploadResult
}
