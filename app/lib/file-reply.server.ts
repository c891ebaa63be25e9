import { data, redirect, type RouterContextProvider } from 'react-router'
import { UPLOAD_MAX_BYTES } from '../../domain/upload-limits.ts'
import type { FileSendResult } from '../ui/file-send-form'
import { requestLocale } from './cookies.server'
import { refusalCode, refusalErrors } from './form-errors.server'
import { isMessageKey, translator } from './i18n'
import { requireUser } from './session.server'

/**
 * How a resource route answers a form of files its page's script makes (app/ui/file-send-form.tsx:
 * a visit's photo or signature, a machine's photo): as data when the script asks (`reply=json`);
 * a form sent without scripts goes back to `page`, with a toast or with the refusal's message key
 * under `param` (`?photo_error=<key>`), which the page shows.
 */
export function fileReply(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
  page: string,
  param: string,
) {
  const wantsJson = form.get('reply') === 'json'
  const t = translator(requestLocale(request))
  const refused = (status: number, code: string | null, text: string) => {
    if (wantsJson) return data<FileSendResult>({ ok: false, error: text }, { status })
    throw redirect(`${page}?${param}=${code && isMessageKey(code) ? code : 'error_unexpected'}`)
  }
  return {
    t,
    refused,
    /** The form's files of these names, each null when none was chosen. */
    chosen: (...names: string[]) =>
      names.map((name) => {
        const value = form.get(name)
        return value instanceof File && value.size > 0 ? value : null
      }),
    /** A file over the limit, refused here in the user's language before it is sent on; null when none is. */
    tooBig: (files: Array<File | null>) =>
      files.some((f) => f && f.size > UPLOAD_MAX_BYTES) ? refused(413, 'upload_too_big', t.upload_too_big()) : null,
    /** The BFF's answer: done (data, or back to the page with the `done` toast), or its refusal in the user's language. */
    async answered(res: Response, done: string) {
      if (res.status === 401) await requireUser(request, context)
      if (res.ok) {
        await res.body?.cancel()
        if (wantsJson) return { ok: true } satisfies FileSendResult
        throw redirect(`${page}?toast=${done}`)
      }
      if (res.status === 413) return refused(413, 'upload_too_big', t.upload_too_big())
      const answer = await res.json().catch(() => null)
      const text = Object.values(refusalErrors(res.status, answer, t))[0] ?? t.error_unexpected()
      return refused(res.status, refusalCode(answer), text)
    },
  }
}
