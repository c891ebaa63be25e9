import { createContext, useContext } from 'react'
import type { Filial } from '../../components/branch-switcher'
import type { PublicUser } from '../../../storage/repositories/users.ts'

export type Current = { COD_EMPRESA: number; COD_FILIAL: number }

/** A page of the navigation: the company's registry entry the user may view, titled in their language. */
export type FramePage = { module: string; title: string; icon: string; group: 'field' | 'money' | 'admin'; level: 'view' | 'edit' | 'delete' | 'none' }

/** What the frame's one BFF call brings (view-layout's loader). */
export type FrameData = {
  user: PublicUser
  branches: Filial[]
  current: Current | null
  timeZone: string
  logo: string | null
  unread: { messages: number; notifications: number }
  pages: FramePage[]
}

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
