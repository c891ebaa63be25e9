import type { Field } from './module'

/** The name of one field of one row of a 'rows' field: `contacts.0.value`. */
export const rowFieldName = (field: string, row: number | string, sub: string) => `${field}.${row}.${sub}`

/**
 * The rows a form posted for a 'rows' field, in their order, as records of strings; a row whose
 * text fields are all empty is left out (the blank row a form always offers). Checkboxes take
 * their checked or unchecked value.
 */
export function rowsFromForm(fields: Record<string, string>, field: Field): Array<Record<string, string>> {
  const prefix = `${field.name}.`
  const keys = [
    ...new Set(
      Object.keys(fields)
        .filter((k) => k.startsWith(prefix))
        .map((k) => k.slice(prefix.length).split('.')[0]),
    ),
  ]
  keys.sort((a, b) => Number(a) - Number(b))
  const subs = field.of ?? []
  return keys.flatMap((key) => {
    const row: Record<string, string> = {}
    for (const sub of subs) {
      const value = fields[rowFieldName(field.name, key, sub.name)]
      row[sub.name] =
        sub.type === 'checkbox'
          ? value !== undefined
            ? (sub.values?.[0] ?? 'true')
            : (sub.values?.[1] ?? 'false')
          : (value ?? '')
    }
    // a row counts when something is typed in it, or a choice made that has a "none" (a line's job)
    const typed = subs.some((s) =>
      s.type === 'select' ? Boolean(s.empty) && row[s.name] !== '' : s.type !== 'checkbox' && row[s.name].trim() !== '',
    )
    return typed ? [row] : []
  })
}

/** Rows as a form's flat values again, numbered from 0 (so errors at `contacts.1.value` find their input). */
export function flatRows(name: string, rows: Array<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    rows.flatMap((row, i) => Object.entries(row).map(([sub, value]) => [rowFieldName(name, i, sub), value])),
  )
}
