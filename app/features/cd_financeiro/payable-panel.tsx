import type { PanelProps } from '../../kit/module'
import { BillAttachment } from './bill-attachment'
import { PayPanel } from './pay-panel'

/** A payable's own panel (docs/domain.md cd_financeiro): its payment, and the bill attached. */
export function PayablePanel(props: PanelProps) {
  return (
    <div className="flex flex-col gap-4">
      <PayPanel {...props} />
      <BillAttachment {...props} />
    </div>
  )
}
