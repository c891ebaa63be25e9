import type { Deps } from './deps.ts'
import { remindOverdue } from './invoice-reminders.ts'
import { generatePlanOrders } from './plan-orders.ts'

/** How often a long-running server does its scheduled work (Node and Deno; Workers by wrangler.toml's cron). */
export const SCHEDULED_EVERY_MS = 15 * 60_000

/**
 * What the server does as the days pass, every company's: overdue invoices reminded (docs/domain.md
 * cd_invoice) and the maintenance plans' orders made ahead (docs/domain.md maintenance plans). Each
 * is done once whoever runs it (two servers, a run again after a crash); one failing leaves the
 * other done and is logged.
 */
export async function scheduledWork(deps: Deps): Promise<void> {
  for (const [what, work] of [
    ['invoice reminders', remindOverdue],
    ['maintenance plans', generatePlanOrders],
  ] as const) {
    try {
      deps.log.info(`${what}: ${await work(deps)} made`)
    } catch (error) {
      deps.log.error(`${what}: the run failed`, error)
    }
  }
}

/**
 * The scheduled work's timer of a long-running server (Node, Deno): a run soon after the start
 * (`firstAfterMs`) and every SCHEDULED_EVERY_MS, one at a time. Answers how to stop it.
 */
export function startScheduledWork(deps: Deps, firstAfterMs = 5_000): () => void {
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = running.then(() => scheduledWork(deps))
  }
  const first = setTimeout(run, firstAfterMs)
  const every = setInterval(run, SCHEDULED_EVERY_MS)
  // the timer never keeps a process alive that is otherwise done (a test, a shutdown)
  for (const timer of [first, every] as Array<{ unref?: () => void }>) timer.unref?.()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
