import type { Hono } from 'hono'
import { html, raw } from 'hono/html'
import { openApiDocument } from '../lib/openapi.ts'

type Doc = ReturnType<typeof openApiDocument>
type Op = {
  summary: string
  tags: string[]
  parameters?: Array<{ name: string; in: string; required: boolean }>
  requestBody?: unknown
  responses: Record<string, unknown>
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A self-contained reference page of the document (no scripts, no CDN). */
export function docsPage(doc: Doc) {
  const byTag = new Map<string, Array<{ method: string; path: string; op: Op }>>()
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Op>)) {
      const tag = op.tags[0] ?? 'other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }])
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([tag, ops]) =>
        `<section><h2 id="${escape(tag)}">${escape(tag)}</h2>${ops
          .map(
            ({
              method,
              path,
              op,
            }) => `<details><summary><code class="m ${method}">${method.toUpperCase()}</code> <code>${escape(path)}</code> — ${escape(op.summary)}</summary>
${op.parameters?.length ? `<p>Parameters: ${op.parameters.map((p) => `<code>${escape(p.name)}</code> (${p.in}${p.required ? ', required' : ''})`).join(', ')}</p>` : ''}
${op.requestBody ? `<p>Body:</p><pre>${escape(JSON.stringify(op.requestBody, null, 2))}</pre>` : ''}
<p>Answers:</p><pre>${escape(JSON.stringify(op.responses, null, 2))}</pre></details>`,
          )
          .join('')}</section>`,
    )
    .join('')
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${doc.info.title} — API reference</title>
        <style>
          body {
            font:
              16px/1.5 system-ui,
              sans-serif;
            max-width: 60rem;
            margin: 2rem auto;
            padding: 0 1rem;
            color: #0f172a;
          }
          details {
            border: 1px solid #cbd5e1;
            border-radius: 0.5rem;
            margin: 0.5rem 0;
            padding: 0.5rem 0.75rem;
          }
          summary {
            cursor: pointer;
          }
          pre {
            background: #f1f5f9;
            padding: 0.75rem;
            overflow: auto;
            font-size: 13px;
          }
          .m {
            font-weight: 700;
          }
          .get {
            color: #166534;
          }
          .post {
            color: #1d4ed8;
          }
          .patch,
          .put {
            color: #92400e;
          }
          .delete {
            color: #b91c1c;
          }
        </style>
      </head>
      <body>
        <h1>${doc.info.title} — API reference</h1>
        <p>
          OpenAPI ${doc.openapi}: <a href="/api/openapi.json">/api/openapi.json</a>. Send
          <code>Authorization: Bearer &lt;token&gt;</code> (from <code>POST /api/auth/sign-in</code>) and, for company
          data, <code>X-Empresa</code> / <code>X-Filial</code> (-1: your default).
        </p>
        ${raw(sections)}
      </body>
    </html>`
}

export function documentOf(api: Hono) {
  let cached: Doc | undefined
  return () => (cached ??= openApiDocument(api, { title: 'Fieldwise', version: '1.0.0' }))
}
