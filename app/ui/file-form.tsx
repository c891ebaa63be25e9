import type { ReactNode } from 'react'
import { Form, useNavigation, useSearchParams } from 'react-router'
import { isMessageKey, useT } from '../lib/i18n'
import { Button } from './button'
import { CsrfField } from './csrf-field'

/**
 * What was wrong with the last file a record's form sent, in the user's language: its resource
 * route goes back to the record with the message's key in the address (`?<param>=<key>`).
 */
export function useAddressError(param: string): string | null {
  const t = useT()
  const [params] = useSearchParams()
  const code = params.get(param)
  return code && isMessageKey(code) ? (t[code] as () => string)() : null
}

/**
 * A form that sends one file (`file`) to a resource route, as a multipart post that works without
 * scripts too: a bank statement, a bill's paper.
 */
export function FileForm({
  action,
  labelledBy,
  label,
  accept,
  submit,
  invalid,
  variant,
  children,
}: {
  action: string
  labelledBy: string
  label: string
  accept: string
  submit: string
  invalid: boolean
  variant?: 'secondary'
  /** Fields sent with the file (a choice of how it is taken). */
  children?: ReactNode
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      action={action}
      aria-labelledby={labelledBy}
      className="flex flex-wrap items-end gap-3"
    >
      <CsrfField />
      <label className="flex flex-col gap-1 text-sm font-medium">
        {label}
        <input
          type="file"
          name="file"
          required
          accept={accept}
          aria-invalid={invalid ? true : undefined}
          className="min-h-11 text-sm"
        />
      </label>
      {children}
      <Button type="submit" variant={variant} disabled={busy}>
        {submit}
      </Button>
    </Form>
  )
}
