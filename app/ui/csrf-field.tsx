import { useRouteLoaderData } from 'react-router'

/** Every form of the app carries this; the server refuses a form action without it. */
export function CsrfField() {
  const data = useRouteLoaderData('root') as { csrfToken?: string } | undefined
  return <input type="hidden" name="csrf" value={data?.csrfToken ?? ''} />
}
