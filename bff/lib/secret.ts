import type { Config } from '../config.ts'
import type { Repositories } from '../../storage/repositories/index.ts'
import { randomToken } from './base64.ts'

/**
 * The JWT signing key. Production must set JWT_SECRET (the config refuses to start
 * without it); elsewhere one is generated on first start and kept in storage (in the data
 * dir with the fs driver), so sessions survive restarts.
 */
export async function signingSecret(config: Config, repos: Repositories): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret)
  if (config.production) throw new Error('JWT_SECRET is required in production')
  return new TextEncoder().encode(await repos.generatedSecret(() => randomToken(48)))
}
