import type { RouterContextProvider } from 'react-router'
import { serverContext } from '../server-context'

/**
 * The form a page's write sent, as the server's CSRF check read it: the body is parsed once per
 * request (bff/server.ts). Outside that server (none here today) it is read from the request.
 */
export async function submittedForm(request: Request, context: Readonly<RouterContextProvider>): Promise<FormData> {
  return context.get(serverContext).form ?? request.formData()
}
