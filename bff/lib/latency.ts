/** The spec's artificial delays, only when SIMULATE_LATENCY=1 (to demo loading states). */
export function simulatedDelay(enabled: boolean, ms: number): Promise<void> {
  return enabled && ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}
