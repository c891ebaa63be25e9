import { data } from 'react-router'
import type { Route } from './+types/upload'
import { apiClient } from '../../lib/api.server'
import { requireUser } from '../../lib/session.server'

export type UploadResult = { ok: true; url: string; id: string } | { ok: false; error: string }

/**
 * The upload dialog's Save: the file goes to the BFF's FileManager upload; for the company
 * logo it then becomes the company's logo and the user's avatar (product-shell.md §4).
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context)
  const form = await request.formData()
  const file = form.get('file')
  if (!(file instanceof File) || file.size === 0) return data<UploadResult>({ ok: false, error: 'No file selected.' }, 400)
  const api = apiClient(request, context)
  const logo = form.get('purpose') === 'logo'
  const res = await api.FileManager.upload.$post({ form: { files: file, getEmpresaProprietario: logo ? 'true' : 'false' } })
  const body = (await res.json().catch(() => null)) as { Error?: string | null; error?: string; ListFiles?: Array<{ Id: string; Url: string }> } | null
  const uploaded = body?.ListFiles?.[0]
  if (!res.ok || !uploaded) return data<UploadResult>({ ok: false, error: body?.Error ?? body?.error ?? 'Error uploading file' }, res.status === 413 ? 413 : 400)
  if (logo) {
    const saved = await api.ac_empresas.logo.$put({ json: { ID_ARQUIVO: uploaded.Id, URL_LOGO: uploaded.Url } })
    const answer = (await saved.json().catch(() => null)) as { IsSuccess?: boolean; Msg?: string } | null
    if (!answer?.IsSuccess) return data<UploadResult>({ ok: false, error: answer?.Msg || 'Unexpected error!' }, saved.status)
    await api.common.user.$patch({ json: { user: { avatar: uploaded.Url } } })
  }
  return { ok: true, url: uploaded.Url, id: uploaded.Id } satisfies UploadResult
}
