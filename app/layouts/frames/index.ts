import type { LayoutName } from '../../lib/layouts'
import type { FrameProps } from '../frame/content'
import { CenteredFrame } from './centered'
import { ClassicFrame } from './classic'
import { ClassyFrame } from './classy'
import { CompactFrame } from './compact'
import { DenseFrame } from './dense'
import { EmptyFrame } from './empty'
import { EnterpriseFrame } from './enterprise'
import { FuturisticFrame } from './futuristic'
import { MaterialFrame } from './material'
import { ModernFrame } from './modern'
import { ThinFrame } from './thin'

/** Each layout of docs/shell.md §2, composed from the shared pieces in ../frame. */
export const FRAMES: Record<LayoutName, (props: FrameProps) => React.ReactNode> = {
  empty: EmptyFrame,
  centered: CenteredFrame,
  enterprise: EnterpriseFrame,
  material: MaterialFrame,
  modern: ModernFrame,
  classic: ClassicFrame,
  classy: ClassyFrame,
  compact: CompactFrame,
  dense: DenseFrame,
  futuristic: FuturisticFrame,
  thin: ThinFrame,
}
