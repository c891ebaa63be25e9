import { PROOF_HEADER } from '../../domain/proof-of-work.ts'
import { proofChallengeSchema } from '../../domain/schemas/auth.ts'

/** The request options that carry a form's solved proof of work (app/components/proof-of-work.tsx), when it has one. */
export const proofOf = (form: Record<string, string>) =>
  form.proof ? { headers: { [PROOF_HEADER]: form.proof } } : undefined

/**
 * What a refused sign-up, reset or confirmation asks of its page (bff/lib/account-requests.ts): a
 * proof of work to do, or to wait (too many from this address); null when it was not refused so.
 */
export async function floodRefusal(res: Response) {
  if (res.status !== 429) return null
  const body = (await res.json().catch(() => null)) as { proof?: unknown } | null
  const proof = proofChallengeSchema.safeParse(body?.proof)
  return { proof: proof.success ? proof.data : null }
}
