import type { PanelProps } from '../../kit/module'
import { StatementUpload } from './statement-upload'
import { TransferPanel } from './transfer-panel'

/** An account's own panel (docs/domain.md cd_contas): money moved to another account, and a bank statement imported. */
export function AccountPanel(props: PanelProps) {
  return (
    <div className="flex flex-col gap-4">
      <TransferPanel {...props} />
      <StatementUpload {...props} />
    </div>
  )
}
