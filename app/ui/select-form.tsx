import { useRef, type ReactNode } from 'react'
import { Form, useLocation, useNavigation } from 'react-router'
import { CsrfField } from './csrf-field'

type Props = {
  action: string
  id: string
  name: string
  label: string
  applyLabel: string
  value: string | undefined
  className?: string
  children: ReactNode
}

/**
 * A select that posts its form as soon as it changes (with a button for browsers without
 * JavaScript), then comes back to the page it was on: the header's pickers. It waits while a page
 * is on its way: the screen still shown is the one that is going (after a sign-in, the sign-in
 * page until the home's messages arrive), and its form would post that page's address and form
 * token, which the sign-in replaced.
 */
export function SelectForm({ action, id, name, label, applyLabel, value, className = '', children }: Props) {
  const location = useLocation()
  const navigation = useNavigation()
  const form = useRef<HTMLFormElement>(null)
  return (
    <Form method="post" action={action} ref={form} className="flex items-center gap-2">
      <CsrfField />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value ?? 'none'}
        disabled={navigation.state !== 'idle'}
        onChange={() => form.current?.requestSubmit()}
        className={`min-h-10 rounded-md border border-line bg-surface px-2 text-sm ${className}`}
      >
        {children}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border px-2 py-1 text-sm">
          {applyLabel}
        </button>
      </noscript>
    </Form>
  )
}
