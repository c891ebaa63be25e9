import type { Config } from '../config.ts'
import { keys } from '../../storage/keys.ts'
import type { Store } from '../../storage/store.ts'
import { randomToken } from './base64.ts'

/**
 * The JWT signing key. Production must set JWT_SECRET (the config refuses to start
 * without it); elsewhere one is generated on first start and kept in storage (in the data
 * dir with the fs driver), so sessions survive restarts.
 */
export async function signingSecret(config: Config, store: Store): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret)
  if (config.production) throw new Error('JWT_SECRET is required in production')
  const key = keys.system('jwt-secret')
  await store.create(key, randomToken(48))
  const stored = await store.get<string>(key)
  return new TextEncoder().encode(stored!.value)
}
