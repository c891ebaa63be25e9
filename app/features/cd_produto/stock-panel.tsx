import { Form, useNavigation } from 'react-router'
import { atLeast } from '../../../domain/access.ts'
import type { PanelProps } from '../../kit/module'
import { useT } from '../../lib/i18n'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { CsrfField } from '../../ui/csrf-field'
import { PanelSection } from '../../ui/panel-section'
import { TextField } from '../../ui/text-field'

type StockForm = {
  form: 'receive' | 'adjust'
  kind: 'received' | 'adjusted'
  title: string
  quantity: string
  reason: string
  submit: string
}

/** One form of the panel: a quantity and why, posted as `kind` (`intent=form:<form>`), with its own errors and values. */
function StockMoveForm({ spec, state, busy }: { spec: StockForm; state: PanelProps['state']; busy: boolean }) {
  const mine = state?.form === spec.form ? state : undefined
  const [errors, values] = [mine?.errors ?? {}, mine?.values ?? {}]
  const titleId = `${spec.form}-title`
  return (
    <PanelSection id={titleId} title={spec.title}>
      <Form method="post" aria-labelledby={titleId} className="flex flex-col gap-3">
        <CsrfField />
        <input type="hidden" name="kind" value={spec.kind} />
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <TextField
          label={spec.quantity}
          name="quantity"
          // a count's difference may be negative: a phone's decimal keypad has no minus sign
          inputMode={spec.kind === 'adjusted' ? 'text' : 'decimal'}
          required
          defaultValue={values.quantity ?? ''}
          error={errors.quantity}
        />
        <TextField
          label={spec.reason}
          name="reason"
          maxLength={200}
          required={spec.kind === 'adjusted'}
          defaultValue={values.reason ?? ''}
          error={errors.reason}
        />
        <div>
          <Button
            type="submit"
            name="intent"
            value={`form:${spec.form}`}
            variant={spec.kind === 'received' ? 'primary' : 'secondary'}
            disabled={busy}
          >
            {spec.submit}
          </Button>
        </div>
      </Form>
    </PanelSection>
  )
}

/**
 * A product's stock in the current branch (docs/domain.md cd_produto), for who may change products:
 * what came in (how many, from where), and a count that found more or less (how many, why).
 */
export function StockPanel({ values, level, state }: PanelProps) {
  const t = useT()
  const busy = useNavigation().state === 'submitting'
  if (!atLeast(level, 'edit') || values.active === false) return null
  const forms: StockForm[] = [
    {
      form: 'receive',
      kind: 'received',
      title: t.stock_receive_title(),
      quantity: t.f_quantity(),
      reason: t.f_stock_from(),
      submit: t.stock_receive_submit(),
    },
    {
      form: 'adjust',
      kind: 'adjusted',
      title: t.stock_adjust_title(),
      quantity: t.f_stock_difference(),
      reason: t.f_reason(),
      submit: t.stock_adjust_submit(),
    },
  ]
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {forms.map((spec) => (
        <StockMoveForm key={spec.form} spec={spec} state={state} busy={busy} />
      ))}
    </div>
  )
}
