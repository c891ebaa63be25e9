import type { TECHNICIAN_COLORS } from '../../../domain/tenancy.ts'

/** The technicians' colours on the board: dark enough for white text (WCAG AA, 4.5:1). */
export const COLOR_HEX: Record<(typeof TECHNICIAN_COLORS)[number], string> = {
  blue: '#1d4ed8',
  green: '#15803d',
  orange: '#c2410c',
  purple: '#7e22ce',
  teal: '#0f766e',
  rose: '#be123c',
  amber: '#b45309',
  slate: '#334155',
}
