import { LAYOUTS, type LayoutName } from '../../domain/layouts.ts'

export { DEFAULT_LAYOUT, LAYOUTS, type LayoutName } from '../../domain/layouts.ts'

/** Horizontal layouts show their navigation across the top on screens from md up. */
export const HORIZONTAL_LAYOUTS: ReadonlySet<LayoutName> = new Set(['centered', 'enterprise', 'material', 'modern'])

export function isLayout(value: unknown): value is LayoutName {
  return typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value)
}

/**
 * The layout of this navigation: the `layout` query parameter, else the deepest route's
 * `handle.layout`, else the configured default. Evaluated again on every navigation.
 */
export function pickLayout(
  search: URLSearchParams,
  matches: ReadonlyArray<{ handle?: unknown }>,
  configured: LayoutName,
): LayoutName {
  const asked = search.get('layout')
  if (isLayout(asked)) return asked
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as { layout?: unknown } | undefined
    if (isLayout(handle?.layout)) return handle.layout
  }
  return configured
}
