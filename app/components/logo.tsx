/** The default logo, used where the company has none. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="#4f46e5" />
      <path d="M12 28V12h16v4H17v3h9v4h-9v5z" fill="#fff" />
    </svg>
  )
}
