import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../lib/deps.ts'
import { apiError } from '../lib/errors.ts'
import { doc } from '../lib/openapi.ts'
import { valid } from '../lib/validate.ts'
import en from '../../messages/en.json' with { type: 'json' }
import es from '../../messages/es.json' with { type: 'json' }
import pt from '../../messages/pt.json' with { type: 'json' }

const FILES: Record<string, Record<string, string>> = { en, es, pt }

/** The translation file of one language (docs/shell.md §7 `./i18n/{lang}.json`); public. */
export function translationFile(lang: string): Record<string, string> | null {
  const file = FILES[lang]
  if (!file) return null
  const { $schema: _schema, ...messages } = file
  return messages
}

export function i18nRoutes() {
  return new Hono<AppEnv>().get(
    '/:file',
    doc({
      operationId: 'getTranslations',
      storageFree: true,
      description:
        'The pages’ texts in one language (en.json, es.json or pt.json), by key. 404 for another file. No token.',
      summary: 'The translation file of a language: en.json, es.json or pt.json (also at /i18n/{lang}.json)',
      tags: ['i18n'],
      auth: false,
      responses: { 200: z.record(z.string(), z.string()) },
    }),
    valid(
      'param',
      z.object({ file: z.enum(['en.json', 'es.json', 'pt.json'], { message: 'must be en.json, es.json or pt.json' }) }),
    ),
    (c) => {
      const messages = translationFile(c.req.valid('param').file.slice(0, 2))
      if (!messages) throw apiError(404, 'Not found')
      c.header('Cache-Control', 'public, max-age=300')
      return c.json(messages)
    },
  )
}
