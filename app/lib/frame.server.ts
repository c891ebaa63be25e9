import type { RouterContextProvider } from 'react-router'
import type { FrameData } from '../layouts/frame/frame-context'
import { apiClient } from './api.server'

type Args = { request: Request; context: Readonly<RouterContextProvider> }
/** The shell's answer: its status, and the frame's data when it is 200. */
export type FrameAnswer = { status: number; frame: FrameData | null }

// one per page request: the context object lives as long as the request
const asked = new WeakMap<object, Promise<FrameAnswer>>()

/**
 * The signed-in frame's data (api/common/shell), asked once per page request: the layout draws the
 * frame from it and a page may read the current company and branch from it too.
 */
export function loadFrame({ request, context }: Args): Promise<FrameAnswer> {
  let answer = asked.get(context)
  if (!answer) {
    answer = apiClient(request, context)
      .common.shell.$get()
      .then(async (res) => ({ status: res.status, frame: res.ok ? await res.json() : null }))
    asked.set(context, answer)
  }
  return answer
}
