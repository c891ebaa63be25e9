import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv, Deps } from '../lib/deps.ts'
import { requireAuth } from '../lib/auth.ts'
import { doc } from '../lib/openapi.ts'
import { requireTenant } from '../lib/tenancy.ts'
import { valid } from '../lib/validate.ts'
import {
  faqsAnswer,
  guideAnswer,
  guidesAnswer,
  type Faq,
  type Guide,
  type HelpCategory,
} from '../../domain/schemas/help-center.ts'

const slug = z.string().max(200)

/** api/apps/help-center (docs/demo-apis.md §7 Help center), the current company's. */
export function helpCenterRoutes(deps: Deps) {
  const tags = ['apps/help-center']
  const read = async <T>(empresa: number, name: 'faq-categories' | 'faqs' | 'guide-categories' | 'guides') =>
    (await deps.repos.company(empresa).value<T[]>(['help', name]).get()) ?? []
  const withoutContent = ({ content: _content, ...guide }: Guide) => guide
  return new Hono<AppEnv>()
    .use(requireAuth(deps), requireTenant(deps))
    .get(
      '/faqs',
      doc({
        operationId: 'listFaqs',
        description: 'The FAQ categories with their questions and answers; with a slug, that category only.',
        summary: 'FAQ categories with their FAQs; with a slug, that category only',
        tags,
        responses: { 200: faqsAnswer },
      }),
      valid('query', z.object({ slug: slug.optional() })),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { slug: wanted } = c.req.valid('query')
        const [categories, faqs] = await Promise.all([
          read<HelpCategory>(empresa, 'faq-categories'),
          read<Faq>(empresa, 'faqs'),
        ])
        return c.json(
          categories
            .filter((cat) => !wanted || cat.slug === wanted)
            .map((cat) => ({ ...cat, faqs: faqs.filter((f) => f.categoryId === cat.id) })),
        )
      },
    )
    .get(
      '/guides',
      doc({
        operationId: 'listGuides',
        description:
          'The guide categories with their first guides (limit, default 5), how many are shown and how many there are; with a slug, that category with all its guides.',
        summary:
          'Guide categories with their first `limit` guides (default 5), visibleGuides and totalGuides; with a slug, that category with all its guides',
        tags,
        responses: { 200: guidesAnswer },
      }),
      valid('query', z.object({ slug: slug.optional(), limit: z.coerce.number().int().min(1).max(100).default(5) })),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { slug: wanted, limit } = c.req.valid('query')
        const [categories, guides] = await Promise.all([
          read<HelpCategory>(empresa, 'guide-categories'),
          read<Guide>(empresa, 'guides'),
        ])
        return c.json(
          categories
            .filter((cat) => !wanted || cat.slug === wanted)
            .map((cat) => {
              const own = guides.filter((g) => g.categoryId === cat.id).map(withoutContent)
              return wanted
                ? { ...cat, totalGuides: own.length, guides: own }
                : { ...cat, visibleGuides: limit, totalGuides: own.length, guides: own.slice(0, limit) }
            }),
        )
      },
    )
    .get(
      '/guide',
      doc({
        operationId: 'getGuide',
        description: 'One guide with its content, inside its category; null when unknown.',
        summary: 'One guide with its content, inside its category; null when unknown',
        tags,
        responses: { 200: guideAnswer },
      }),
      valid('query', z.object({ categorySlug: slug.min(1), guideSlug: slug.min(1) })),
      async (c) => {
        const { empresa } = c.get('tenant')
        const { categorySlug, guideSlug } = c.req.valid('query')
        const [categories, guides] = await Promise.all([
          read<HelpCategory>(empresa, 'guide-categories'),
          read<Guide>(empresa, 'guides'),
        ])
        const category = categories.find((cat) => cat.slug === categorySlug)
        const guide = category && guides.find((g) => g.categoryId === category.id && g.slug === guideSlug)
        return c.json(category && guide ? { ...category, guides: [guide] } : null)
      },
    )
}
