import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useT } from '../lib/i18n'
import type { PickAnswer } from '../routes/resources/pick'
import type { PickOption } from './module'

/** How long typing pauses before the choices are asked for. */
const TYPING_PAUSE_MS = 200

/**
 * A field that picks a record of another module, searched as the user types (the ARIA combobox
 * pattern: arrows move, Enter picks, Escape or leaving the field puts the last choice back, so a
 * typed text never goes with another record's id; emptying the field clears the choice). The form
 * sends the hidden value. `onPick` hears each choice (a picked option, or the current one resolved once with
 * `resolve`) for the fields that follow it.
 */
export function PickerInput({
  id,
  name,
  source,
  value,
  label,
  required,
  invalid,
  describedBy,
  resolve,
  onPick,
  narrow,
  waitsFor,
}: {
  id: string
  name: string
  /** The resource route of the choices: /resources/pick/<module>/<picker>. */
  source: string
  value: string
  label: string
  required?: boolean
  invalid?: boolean
  describedBy?: string
  resolve?: boolean
  onPick?: (option: PickOption, byUser: boolean) => void
  /** The search's filters of another field's choice (Field.within: a plan's machines, its client's). */
  narrow?: Record<string, string>
  /** The label of the field it searches within while that has no choice: nothing to search yet, and it says so. */
  waitsFor?: string
}) {
  const t = useT()
  const search = useFetcher<PickAnswer>()
  const current = useFetcher<PickAnswer>()
  const [picked, setPicked] = useState({ value, label })
  const [text, setText] = useState(label)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const input = useRef<HTMLInputElement>(null)
  const listId = `${id}-choices`
  const options = search.data?.options ?? []

  // the current choice's details (what follows it: a client's addresses), once
  useEffect(() => {
    if (resolve && value) current.load(`${source}?id=${encodeURIComponent(value)}`)
    // once, for the value the form opened with
  }, [])
  useEffect(() => {
    const option = current.data?.options[0]
    if (!option) return
    // a value the page knew no label of (the form sent back with its errors) gets its own
    if (!picked.label && picked.value === option.value) {
      setPicked({ value: option.value, label: option.label })
      setText(option.label)
    }
    onPick?.(option, false)
  }, [current.data])
  useEffect(() => () => clearTimeout(timer.current), [])
  // text typed before the page's scripts started (a slow phone) is searched once they have; left
  // already, the field shows its choice again (as leaving it does)
  useEffect(() => {
    const field = input.current
    if (!field || field.value === text) return
    if (document.activeElement === field) typed(field.value)
    else field.value = text
    // once, when the page starts
  }, [])

  const ask = (typed: string) => {
    clearTimeout(timer.current)
    if (waitsFor) return
    timer.current = setTimeout(
      () => search.load(`${source}?${new URLSearchParams({ ...narrow, q: typed.trim() })}`),
      typed ? TYPING_PAUSE_MS : 0,
    )
  }
  /** What the user typed: searched, and an empty field clears the choice. */
  const typed = (value: string) => {
    setText(value)
    if (!value) setPicked({ value: '', label: '' })
    setActive(0)
    setOpen(true)
    ask(value)
  }
  const choose = (option: PickOption) => {
    setPicked({ value: option.value, label: option.label })
    setText(option.label)
    setOpen(false)
    onPick?.(option, true)
  }
  const close = () => {
    setOpen(false)
    setText(picked.label)
  }

  return (
    <div className="relative">
      <input type="hidden" name={name} value={picked.value} />
      <input
        ref={input}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        autoComplete="off"
        value={text}
        placeholder={t.picker_type_to_search()}
        className="field-control w-full"
        onFocus={() => {
          if (!search.data) ask('')
          setOpen(true)
        }}
        onChange={(event) => typed(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            setOpen(true)
            const step = event.key === 'ArrowDown' ? 1 : -1
            setActive((at) => (options.length ? (at + step + options.length) % options.length : 0))
          } else if (event.key === 'Enter' && open && options[active]) {
            event.preventDefault()
            choose(options[active])
          } else if (event.key === 'Escape' && open) {
            event.preventDefault()
            close()
          }
        }}
        onBlur={close}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label={t.picker_choices()} className="picker-list">
          {options.map((option, at) => (
            <li
              key={option.value}
              id={`${listId}-${at}`}
              role="option"
              aria-selected={at === active}
              className="picker-option"
              // before the input's blur: the choice is taken, not lost
              onMouseDown={(event) => {
                event.preventDefault()
                choose(option)
              }}
              onMouseEnter={() => setActive(at)}
            >
              {option.label}
            </li>
          ))}
          {options.length === 0 ? (
            <li className="px-3 py-2 text-muted" aria-live="polite">
              {waitsFor
                ? t.choices_within_first({ field: waitsFor })
                : search.state === 'loading' || !search.data
                  ? t.loading()
                  : t.no_results()}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  )
}
