/** docs/shell.md §2 Layouts: the eleven frames of the signed-in screens. */
export const LAYOUTS = [
  'empty',
  'centered',
  'enterprise',
  'material',
  'modern',
  'classic',
  'classy',
  'compact',
  'dense',
  'futuristic',
  'thin',
] as const
export type LayoutName = (typeof LAYOUTS)[number]
export const DEFAULT_LAYOUT: LayoutName = 'classy'
