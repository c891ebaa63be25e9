import { useT } from '../lib/i18n'

/** Fullscreen on and off; where the browser has none, the spec's message is logged. */
export function FullscreenToggle() {
  const t = useT()
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      console.log('Fullscreen is not available in this browser.')
      return
    }
    if (document.fullscreenElement) void document.exitFullscreen()
    else void document.documentElement.requestFullscreen()
  }
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={t.fullscreen()}
      title={t.fullscreen()}
      className="hidden min-h-10 min-w-10 items-center justify-center rounded-full hover:bg-canvas sm:flex"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-5 w-5 text-ink-soft"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      >
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      </svg>
    </button>
  )
}
