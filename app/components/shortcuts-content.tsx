import { useEffect, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { showToast } from '../lib/toasts'
import type { Shortcut } from '../../domain/schemas/common-panels.ts'
import { useT } from '../lib/i18n'
import type { loader } from '../routes/resources/shortcuts'
import { CsrfField } from '../ui/csrf-field'
import { useMayOpen } from '../layouts/frame/frame-context'
import { isUnsent } from '../lib/unsent'

type Mode = 'view' | 'modify' | 'add' | 'edit'
const empty = { label: '', description: '', icon: '', link: '', useRouter: true }

const iconButton =
  'flex h-8 w-8 items-center justify-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white'

/** The shortcuts panel's content (./shortcuts-panel.tsx): modes view, modify, add and edit. */
export default function ShortcutsContent() {
  const t = useT()
  const mayOpen = useMayOpen()
  const list = useFetcher<typeof loader>()
  const save = useFetcher<{ ok: boolean }>()
  const [mode, setMode] = useState<Mode>('view')
  const [from, setFrom] = useState<Mode>('view')
  const [editing, setEditing] = useState<Shortcut | null>(null)
  const [form, setForm] = useState(empty)

  useEffect(() => {
    if (list.state === 'idle' && !list.data) list.load('/resources/shortcuts')
  }, [list])
  // saving or deleting returns to modify
  useEffect(() => {
    // a save that got no answer is told by its notice (app/lib/unsent.ts)
    if (save.state !== 'idle' || !save.data || isUnsent(save.data)) return
    if (save.data.ok) {
      setMode('modify')
      setEditing(null)
    } else {
      // docs/shell.md §8: a refused save is told, the form stays as typed
      showToast('error', t.error_unexpected())
    }
  }, [save.state, save.data, t])

  const open = (next: 'add' | 'edit', shortcut?: Shortcut) => {
    setFrom(mode)
    setEditing(shortcut ?? null)
    setForm(
      shortcut
        ? {
            label: shortcut.label,
            description: shortcut.description ?? '',
            icon: shortcut.icon,
            link: shortcut.link,
            useRouter: shortcut.useRouter,
          }
        : empty,
    )
    setMode(next)
  }
  const valid = form.label.trim() !== '' && form.icon.trim() !== '' && form.link.trim() !== ''
  // viewing, a shortcut to a page the user may not open is left out (editing shows them all)
  const all = list.data?.shortcuts ?? []
  const shortcuts = mode === 'modify' ? all : all.filter((s) => mayOpen(s.link))
  const suffix = mode === 'add' ? ` ${t.shortcuts_add_new()}` : mode === 'edit' ? ` ${t.shortcuts_editing()}` : ''
  const field = 'min-h-10 rounded-md border border-line bg-surface px-3 text-ink'

  return (
    <>
      <div className="flex items-center justify-between gap-2 bg-primary-600 px-4 py-3 text-white">
        <h2 className="text-lg font-semibold">
          {t.shortcuts_title()}
          {suffix}
        </h2>
        <div className="flex items-center gap-1">
          {mode === 'view' ? (
            <>
              <button
                type="button"
                className={iconButton}
                aria-label={t.shortcuts_enter_edit()}
                title={t.shortcuts_enter_edit()}
                onClick={() => setMode('modify')}
              >
                <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
                  <path d="M13.6 3.6a2 2 0 0 1 2.8 2.8L8 14.8 4 16l1.2-4z" />
                </svg>
              </button>
              <button
                type="button"
                className={iconButton}
                aria-label={t.shortcuts_add()}
                title={t.shortcuts_add()}
                onClick={() => open('add')}
              >
                <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
                  <path d="M9 4h2v5h5v2h-5v5H9v-5H4V9h5z" />
                </svg>
              </button>
            </>
          ) : mode === 'modify' ? (
            <button
              type="button"
              className={iconButton}
              aria-label={t.shortcuts_exit_edit()}
              title={t.shortcuts_exit_edit()}
              onClick={() => setMode('view')}
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
                <path d="m8 13.2-3.6-3.6L3 11l5 5 9-9-1.4-1.4z" />
              </svg>
            </button>
          ) : (
            <button
              type="button"
              className={iconButton}
              aria-label={t.cancel()}
              title={t.cancel()}
              onClick={() => setMode(from)}
            >
              <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
                <path d="M6.3 5 10 8.7 13.7 5 15 6.3 11.3 10l3.7 3.7-1.3 1.3L10 11.3 6.3 15 5 13.7 8.7 10 5 6.3z" />
              </svg>
            </button>
          )}
        </div>
      </div>
      {mode === 'add' || mode === 'edit' ? (
        <save.Form method="post" action="/resources/shortcuts" className="flex flex-col gap-3 p-4" noValidate>
          <CsrfField />
          <input type="hidden" name="id" value={editing?.id ?? ''} />
          {(['label', 'description', 'icon', 'link'] as const).map((name) => (
            <label key={name} className="flex flex-col gap-1 text-sm font-medium text-ink-soft">
              {
                {
                  label: t.shortcut_label(),
                  description: t.shortcut_description(),
                  icon: t.shortcut_icon(),
                  link: t.shortcut_link(),
                }[name]
              }
              <input
                name={name}
                value={form[name]}
                required={name !== 'description'}
                onChange={(e) => setForm({ ...form, [name]: e.target.value })}
                className={field}
              />
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm text-ink-soft">
            <input
              type="checkbox"
              name="useRouter"
              checked={form.useRouter}
              onChange={(e) => setForm({ ...form, useRouter: e.target.checked })}
            />
            {t.shortcut_use_router()}
          </label>
          <div className="flex gap-2">
            {mode === 'edit' ? (
              <button
                type="submit"
                name="intent"
                value="delete"
                className="rounded-full px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
              >
                {t.delete()}
              </button>
            ) : null}
            <button
              type="submit"
              name="intent"
              value={mode === 'add' ? 'add' : 'update'}
              disabled={!valid || save.state !== 'idle'}
              className="ml-auto rounded-full bg-primary-600 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
            >
              {mode === 'add' ? t.add() : t.update()}
            </button>
          </div>
        </save.Form>
      ) : shortcuts.length === 0 && list.data ? (
        <p className="px-4 py-10 text-center text-muted">{t.no_shortcuts()}</p>
      ) : (
        <ul className="grid max-h-[28rem] grid-cols-2 overflow-y-auto" data-testid="shortcut-list">
          {shortcuts.map((s) => (
            <li key={s.id} className="border-line border-b odd:border-r">
              {mode === 'modify' ? (
                <button
                  type="button"
                  onClick={() => open('edit', s)}
                  className="flex w-full flex-col items-center gap-1 p-4 text-center hover:bg-canvas"
                >
                  <ShortcutFace shortcut={s} />
                </button>
              ) : s.useRouter ? (
                <Link to={s.link} className="flex flex-col items-center gap-1 p-4 text-center hover:bg-canvas">
                  <ShortcutFace shortcut={s} />
                </Link>
              ) : (
                <a
                  href={s.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex flex-col items-center gap-1 p-4 text-center hover:bg-canvas"
                >
                  <ShortcutFace shortcut={s} />
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function ShortcutFace({ shortcut }: { shortcut: Shortcut }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="flex h-10 w-10 items-center justify-center rounded-full bg-primary-100 font-bold text-primary-800"
      >
        {shortcut.label.charAt(0)}
      </span>
      <span className="font-medium text-ink">{shortcut.label}</span>
      {shortcut.description ? <span className="text-xs text-muted">{shortcut.description}</span> : null}
    </>
  )
}
