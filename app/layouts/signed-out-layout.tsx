import { Outlet } from 'react-router'
import type { Route } from './+types/signed-out-layout'
import { requireSignedOut } from '../lib/session.server'

/** Signed-out-only routes (sign-in, sign-up ...): a signed-in user is sent to the root. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSignedOut(request, context)
  return null
}

export default function SignedOutLayout() {
  return <Outlet />
}
