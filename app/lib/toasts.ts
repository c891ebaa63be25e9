import { useSyncExternalStore } from 'react'

export type ToastTone = 'error' | 'warning' | 'success' | 'info'
export type Toast = { id: number; tone: ToastTone; text: string }

/** How long a toast stays unless dismissed. */
const SHOW_MS = 8_000
const NONE: Toast[] = []
let toasts: Toast[] = NONE
let next = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/** Shows a message to the user (docs/shell.md §8), already in their language. */
export function showToast(tone: ToastTone, text: string) {
  const id = next++
  toasts = [...toasts, { id, tone, text }]
  emit()
  setTimeout(() => dismissToast(id), SHOW_MS)
}

export function dismissToast(id: number) {
  if (!toasts.some((t) => t.id === id)) return
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

/** The toasts on screen (none while rendering on the server). */
export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => toasts,
    () => NONE,
  )
}
