import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { atLeast, type AccessLevel } from '../../domain/access.ts'
import { useT } from '../lib/i18n'
import type { HomeCardData, SetupStepData } from './home.server'

const CARD = 'flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4'

/**
 * The signed-in home's cards, as the modules declare them: the setup checklist while a new
 * company has steps left (offered to whoever may do them), then each module's cards.
 */
export function HomeCards({
  cards,
  setup,
  levelOf,
  children,
}: {
  cards: HomeCardData[]
  setup: SetupStepData[]
  levelOf: (module: string) => AccessLevel
  /** Cards of a page's own before the modules' (the owner's figures). */
  children?: ReactNode
}) {
  const steps = setup.filter((step) => atLeast(levelOf(step.module), step.level))
  const checklist = steps.some((step) => !step.done) ? steps : []
  if (!checklist.length && !cards.length && !children) return null
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="home-cards">
      {checklist.length ? <SetupChecklist steps={checklist} /> : null}
      {children}
      {cards.map((card) => (
        <Card key={card.id} card={card} />
      ))}
    </div>
  )
}

function SetupChecklist({ steps }: { steps: SetupStepData[] }) {
  const t = useT()
  const done = steps.filter((step) => step.done).length
  return (
    <section
      aria-labelledby="home-setup"
      className={`${CARD} md:col-span-2 xl:col-span-3`}
      data-testid="setup-checklist"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-setup" className="text-lg font-bold">
          {t.home_setup_title()}
        </h2>
        <span className="text-sm text-muted">
          {t.home_setup_progress({ done: String(done), total: String(steps.length) })}
        </span>
      </div>
      <ol className="flex flex-col gap-1">
        {steps.map((step) => {
          const { label } = step
          return (
            <li key={step.module} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={`grid h-6 w-6 shrink-0 place-items-center rounded-full text-xs font-bold ${step.done ? 'bg-green-100 text-green-900' : 'border border-line text-muted'}`}
              >
                {step.done ? '✓' : ''}
              </span>
              {step.done ? (
                <span className="text-muted line-through">
                  {label}
                  <span className="sr-only"> — {t.home_setup_done()}</span>
                </span>
              ) : (
                <Link to={step.href} className="min-h-10 content-center record-link">
                  {label}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}

function Card({ card }: { card: HomeCardData }) {
  const t = useT()
  const id = `home-card-${card.id}`
  return (
    <section aria-labelledby={id} className={CARD} data-testid={id}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {card.title}
        </h2>
        <span
          className="rounded-full bg-canvas px-2 py-0.5 text-sm font-semibold tabular-nums"
          data-testid="card-count"
        >
          <span aria-hidden="true">{card.total}</span>
          <span className="sr-only">{t.home_card_count({ count: String(card.total) })}</span>
        </span>
      </div>
      {card.items.length ? (
        <ul className="flex flex-col divide-y divide-line">
          {card.items.map((item) => (
            <li key={item.href}>
              <Link to={item.href} className="flex items-center gap-3 py-2 hover:bg-canvas">
                <span className="flex min-w-0 grow flex-col">
                  <span className="truncate font-medium text-accent">{item.label}</span>
                  <span className="truncate text-sm text-muted">{item.detail}</span>
                </span>
                {item.aside ? <span className="shrink-0 text-sm font-semibold tabular-nums">{item.aside}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">{card.empty}</p>
      )}
      {card.total > card.items.length ? (
        <Link to={card.more} className="self-start text-sm font-semibold text-accent underline">
          {t.home_card_more({ count: String(card.total) })}
        </Link>
      ) : null}
    </section>
  )
}
