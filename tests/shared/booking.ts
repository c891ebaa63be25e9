// Where and when the API suites book the demo technician: his id, his branch, and a day past the
// demo's visits, so its slots are free.

/** The demo technician (seeds/tenancy.ts). */
export const TECH_ID = '6d1f0a52-3c1e-4b8e-9a51-0a3e5f1c2b02'
/** The main branch, where the demo technician works. */
export const MAIN = { 'x-empresa': '1', 'x-filial': '2' }

/** The first Wednesday at least `days` ahead (an ISO date), and an instant of it in São Paulo's time (-03:00). */
export function wednesdayAhead(days: number) {
  const d = new Date(Date.now() + days * 86_400_000)
  d.setUTCDate(d.getUTCDate() + ((3 - d.getUTCDay() + 7) % 7))
  const day = d.toISOString().slice(0, 10)
  return { day, at: (time: string) => `${day}T${time}:00-03:00` }
}
