import { useEffect, useRef } from 'react'
import { useT } from '../lib/i18n'
import { Button } from '../ui/button'

type Props = {
  /** Names the section and its heading's id. */
  id: string
  title: string
  text: string
  action: string
  onAction: () => void
  /** Inside the signed-in frame (a route's error boundary); otherwise the whole screen. */
  frame?: boolean
  /** The document's title too (the whole page is this one: no route's title is shown). */
  titled?: boolean
}

/**
 * A page that says what happened and offers the one thing to do about it (docs/shell.md §8: offline,
 * Try again; a form of another session, Reload the page), in the user's language. The focus goes to
 * its button: a keyboard user acts at once, a screen reader reads where they are.
 */
export function ActionPage({ id, title, text, action, onAction, frame = false, titled = false }: Props) {
  const t = useT()
  const page = useRef<HTMLElement>(null)
  useEffect(() => page.current?.querySelector('button')?.focus(), [])
  return (
    <section
      ref={page}
      data-testid={id}
      aria-labelledby={`${id}-title`}
      className={
        frame
          ? 'flex flex-col items-start gap-3'
          : 'flex min-h-full flex-col items-center justify-center gap-4 bg-canvas p-8 text-center'
      }
    >
      {titled ? <title>{`${title} · ${t.app_name()}`}</title> : null}
      <h1 id={`${id}-title`} className="text-3xl font-extrabold tracking-tight">
        {title}
      </h1>
      <p className="max-w-md text-lg text-muted">{text}</p>
      <Button type="button" onClick={onAction}>
        {action}
      </Button>
    </section>
  )
}
