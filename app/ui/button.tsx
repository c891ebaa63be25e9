import type { ButtonHTMLAttributes, ComponentProps } from 'react'
import { Link } from 'react-router'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'danger-outline'

const styles: Record<Variant, string> = {
  primary: 'bg-primary-600 text-white hover:bg-primary-700 disabled:bg-primary-600/60',
  secondary: 'border border-line bg-surface text-ink-soft hover:bg-canvas',
  ghost: 'text-ink-soft hover:bg-canvas',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60',
  'danger-outline': 'border border-red-300 text-red-800 hover:bg-red-50 dark:text-red-200',
}

/** The classes of a button of this variant (for a link that looks like one too). */
export const buttonClass = (variant: Variant = 'primary', className = '') => `btn ${styles[variant]} ${className}`

export function Button({
  variant = 'primary',
  className = '',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button {...props} className={buttonClass(variant, className)} />
}

/** An in-app link drawn as a button. */
export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: ComponentProps<typeof Link> & { variant?: Variant }) {
  return <Link {...props} className={buttonClass(variant, className)} />
}
