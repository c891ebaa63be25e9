import { useRouteLoaderData } from 'react-router'
import { FORM_KEY_FIELD } from '../../domain/server-context.ts'

/**
 * Every form of the app carries this; the server refuses a form action without its token. Its key
 * makes the form's writes run once however often it is sent (a double click, the browser posting
 * it again: docs/api.md §8); the root loader gives a new one after each submission.
 */
export function CsrfField() {
  const data = useRouteLoaderData('root') as { csrfToken?: string; formKey?: string } | undefined
  return (
    <>
      <input type="hidden" name="csrf" value={data?.csrfToken ?? ''} />
      <input type="hidden" name={FORM_KEY_FIELD} value={data?.formKey ?? ''} />
    </>
  )
}
