/**
 * Runs `work` on every item, at most `limit` at a time, each started as one ends (a pool): for work
 * that waits on storage far more than it computes. Settles once all are done; the first failure
 * rejects it after the others are done (each should catch what it may leave for later).
 */
export async function eachAtOnce<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  const failures: unknown[] = []
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]
      await work(item).catch((error: unknown) => void failures.push(error))
    }
  }
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker))
  if (failures.length) throw failures[0]
}
