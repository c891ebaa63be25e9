/** A field's error under it, with the id its input names in aria-describedby; nothing without one. */
export function FieldError({ id, error }: { id?: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null
}
