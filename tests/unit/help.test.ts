import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import routes from '../../app/routes.ts'
import { featureOf } from '../../app/features/index.ts'
import { HELP } from '../../app/features/help/content.ts'
import { helpParts } from '../../app/features/help/parts.ts'

const ROUTES = routes as unknown as RouteObject[]

/**
 * Whether a path opens a screen of the app: a route of app/routes.ts other than the not-found
 * one, and under /view/:module (/view/:module/:id) a module with screens (app/features/index.ts) —
 * not a name the registry does not know, nor a page still being built.
 */
function isScreen(path: string) {
  const matches = matchRoutes(ROUTES, new URL(path, 'http://app').pathname)
  const last = matches?.at(-1)
  if (!last || last.route.path === '*') return false
  const { module } = last.params
  return module === undefined || featureOf(module) !== undefined
}

/** Every path the help names: its links, and any `/view/…` (or client link) written as text. */
function pathsOf(paragraph: string) {
  const parts = helpParts(paragraph)
  const linked = parts.flatMap((p) => (p.to ? [p.to] : []))
  const written = parts.flatMap((p) =>
    [...p.text.matchAll(/(?:^|[\s(])(\/(?:view|q|i|resources)\b[^\s),.;:]*)/g)].map((m) => m[1]),
  )
  return [...linked, ...written]
}

const languages = Object.entries(HELP)

describe('the in-app help', () => {
  it('knows a real screen from a missing one', () => {
    expect(isScreen('/view/cd_cliente')).toBe(true)
    expect(isScreen('/view/cd_cliente/new')).toBe(true)
    expect(isScreen('/view/cd_ordemagendamento')).toBe(true)
    expect(isScreen('/view/myaccount')).toBe(true)
    expect(isScreen('/view/cd_reports')).toBe(true)
    expect(isScreen('/view/cd_financeiro')).toBe(true)
    expect(isScreen('/view/cd_contas/new')).toBe(true)
    // not a module, nothing at all
    expect(isScreen('/view/scheduling')).toBe(false)
    expect(isScreen('/apps/help-center')).toBe(false)
  })

  it.each(languages)('names only screens that exist, in %s', (_locale, help) => {
    const missing = help.flatMap((section) =>
      section.questions.flatMap((q) =>
        q.answer
          .flatMap(pathsOf)
          .filter((path) => !isScreen(path))
          .map((path) => `${q.id}: ${path}`),
      ),
    )
    expect(missing).toEqual([])
  })

  it.each(languages)('links to a screen from most answers, in %s', (_locale, help) => {
    const links = help.flatMap((s) => s.questions.flatMap((q) => q.answer.flatMap(pathsOf)))
    expect(links.length).toBeGreaterThan(20)
  })

  it('asks the same questions in the same sections in every language', () => {
    const shape = (locale: keyof typeof HELP) => HELP[locale].map((s) => [s.id, s.questions.map((q) => q.id)])
    expect(shape('es')).toEqual(shape('en'))
    expect(shape('pt')).toEqual(shape('en'))
  })

  it.each(languages)('asks each question once, in %s', (_locale, help) => {
    const ids = help.flatMap((s) => s.questions.map((q) => q.id))
    const questions = help.flatMap((s) => s.questions.map((q) => q.question.trim().toLowerCase()))
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(questions).size).toBe(questions.length)
    expect(new Set(help.map((s) => s.id)).size).toBe(help.length)
  })

  it.each(languages)('has no empty section, question or answer, and every link has words, in %s', (_locale, help) => {
    for (const section of help) {
      expect(section.title.trim()).not.toBe('')
      expect(section.questions.length).toBeGreaterThan(0)
      for (const q of section.questions) {
        expect(q.question.trim()).not.toBe('')
        expect(q.answer.length).toBeGreaterThan(0)
        for (const p of q.answer) {
          // a link's markup that did not parse would show its brackets to the reader
          expect(
            helpParts(p)
              .filter((part) => !part.to)
              .map((part) => part.text)
              .join(''),
          ).not.toMatch(/\]\(|\[/)
        }
      }
    }
  })

  it('splits a paragraph into its text and its links', () => {
    expect(helpParts('Open [Clients](/view/cd_cliente) and [Jobs](/view/cd_job).')).toEqual([
      { text: 'Open ' },
      { text: 'Clients', to: '/view/cd_cliente' },
      { text: ' and ' },
      { text: 'Jobs', to: '/view/cd_job' },
      { text: '.' },
    ])
    // a path written as text is checked too
    expect(pathsOf('Open [Clients](/view/cd_cliente), or type /view/nowhere.')).toEqual([
      '/view/cd_cliente',
      '/view/nowhere',
    ])
  })
})
