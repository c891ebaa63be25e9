import { z } from 'zod'

export const faqSchema = z.object({ id: z.string(), categoryId: z.string(), question: z.string(), answer: z.string() })
export const faqCategorySchema = z.object({ id: z.string(), slug: z.string(), title: z.string() })
export const guideSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  slug: z.string(),
  title: z.string(),
  subtitle: z.string(),
  content: z.string().optional(),
})
export const guideCategorySchema = faqCategorySchema
export type Faq = z.infer<typeof faqSchema>
export type Guide = z.infer<typeof guideSchema>
export type HelpCategory = z.infer<typeof faqCategorySchema>

export const faqsAnswer = z.array(faqCategorySchema.extend({ faqs: z.array(faqSchema) }))
export const guidesAnswer = z.array(
  guideCategorySchema.extend({
    visibleGuides: z.number().optional(),
    totalGuides: z.number(),
    guides: z.array(guideSchema),
  }),
)
export const guideAnswer = guideCategorySchema.extend({ guides: z.array(guideSchema) }).nullable()
