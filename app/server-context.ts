import { createContext } from 'react-router'
import type { ServerContext } from '../domain/server-context.ts'

export type { ServerContext }

export const serverContext = createContext<ServerContext>()
