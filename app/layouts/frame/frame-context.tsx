import { createContext, useContext } from 'react'
import type { z } from 'zod'
import type { shellAnswer } from '../../../bff/routes/common-shell.ts'

/** What the frame's one BFF call brings (view-layout's loader): the shell's answer as its schema says. */
export type FrameData = z.output<typeof shellAnswer>

/** A page of the navigation: the company's registry entry the user may view, titled in their language. */
export type FramePage = FrameData['pages'][number]

/** The frame's data and actions, for the shared pieces every layout is composed of. */
export type Frame = FrameData & {
  openUpload: () => void
  drawerOpen: boolean
  setDrawerOpen: (open: boolean) => void
}

export const FrameContext = createContext<Frame | null>(null)

export function useFrame(): Frame {
  const frame = useContext(FrameContext)
  if (!frame) throw new Error('useFrame outside the signed-in frame')
  return frame
}

/** The signed-in pages every user has; the others are the registry's, as the frame lists them. */
const ALWAYS = new Set(['home', 'myaccount', 'help'])

/**
 * Whether the user may open an in-app link: a page of the registry he has no access to is not
 * offered as a link (shortcuts, messages, notifications). Other addresses are not judged here.
 */
export function useMayOpen(): (link: string) => boolean {
  const { pages } = useFrame()
  return (link) => {
    const module = /^\/view\/(\w+)(?:[/?#]|$)/.exec(link)?.[1]
    return !module || ALWAYS.has(module) || pages.some((p) => p.module === module)
  }
}
