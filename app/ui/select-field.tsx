/** A labelled select of value → label choices (`optionLang`: each option is a language, named in it). */
export function SelectField({
  label,
  name,
  defaultValue,
  options,
  optionLang = false,
}: {
  label: string
  name: string
  defaultValue: string
  options: Record<string, string>
  optionLang?: boolean
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-ink-soft">
      {label}
      <select
        name={name}
        defaultValue={defaultValue}
        className="min-h-11 rounded-md border border-line bg-surface px-3"
      >
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value} lang={optionLang ? value : undefined}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}
