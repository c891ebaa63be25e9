import { useEffect, useRef } from 'react'
import { solveProof } from '../../domain/proof-of-work.ts'
import { useT } from '../lib/i18n'
import { Alert } from '../ui/alert'

/** Tries between two breaths of the page: a few tens of milliseconds each. */
const SLICE = 10_000

/**
 * Inside a form the server answered with a proof of work to do (it is flooded: sign-up, a reset,
 * a sign-up's confirmation; bff/lib/account-requests.ts): the browser finds it a slice at a time,
 * puts it in the form and sends the form again, with the person's entries as they were.
 */
export function ProofOfWork({ proof }: { proof: { challenge: string; difficulty: number } }) {
  const t = useT()
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    let from = 0
    let timer: ReturnType<typeof setTimeout>
    const step = () => {
      const nonce = solveProof(proof.challenge, proof.difficulty, from, SLICE)
      from += SLICE
      if (nonce === null) {
        timer = setTimeout(step, 0)
        return
      }
      const input = field.current
      if (!input) return
      input.value = `${proof.challenge}:${nonce}`
      input.form?.requestSubmit()
    }
    timer = setTimeout(step, 0)
    return () => clearTimeout(timer)
  }, [proof.challenge, proof.difficulty])
  return (
    <>
      <input ref={field} type="hidden" name="proof" defaultValue="" />
      <Alert tone="info">{t.proof_working()}</Alert>
    </>
  )
}
