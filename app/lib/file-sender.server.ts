import { redirect, type RouterContextProvider } from 'react-router'
import { UPLOAD_MAX_BYTES } from '../../domain/upload-limits.ts'
import { callBff } from './api.server'
import { refusalCode } from './form-errors.server'
import { isMessageKey } from './i18n'
import { requireUser } from './session.server'

/**
 * A resource route's file sent on to the BFF (a bank statement, a bill's paper): refusals go back to
 * `page` with the message's key in the address (`?<param>=<key>`, app/ui/file-form.tsx shows it),
 * so a form sent without scripts comes back to where it was.
 */
export function fileSender(request: Request, context: Readonly<RouterContextProvider>, page: string, param: string) {
  const back = (code: string) => redirect(`${page}?${param}=${isMessageKey(code) ? code : 'error_unexpected'}`)
  /** The BFF's answer once it is a success; a refusal is thrown back to the page. */
  async function answered(res: Response): Promise<Response> {
    if (res.status === 401) await requireUser(request, context)
    if (res.status === 413) throw back('upload_too_big')
    if (!res.ok) throw back(refusalCode(await res.json().catch(() => null)) ?? 'error_unexpected')
    return res
  }
  return {
    back,
    answered,
    /**
     * The form's `file` sent on as multipart `file`, with `fields` (how it is taken); none chosen
     * (`none` said) or over the limit is refused here. `answer`: the BFF's answer is the caller's to
     * read, refusals too (a price list's rows); else a refusal is thrown back to the page.
     */
    async send(
      form: FormData,
      path: string,
      method: 'POST' | 'PUT',
      none: string,
      fields: Record<string, string> = {},
      answer: 'checked' | 'raw' = 'checked',
    ): Promise<Response> {
      const file = form.get('file')
      if (!(file instanceof File) || file.size === 0) throw back(none)
      if (file.size > UPLOAD_MAX_BYTES) throw back('upload_too_big')
      const body = new FormData()
      body.set('file', file)
      for (const [name, value] of Object.entries(fields)) body.set(name, value)
      const res = await callBff(request, context, path, { method, form: body })
      return answer === 'raw' ? res : answered(res)
    },
  }
}
