import type { Faq, Guide, HelpCategory } from '../domain/schemas/help-center.ts'
import { seeded } from './random.ts'

const cat = (prefix: string, slug: string, title: string): HelpCategory => ({ id: `${prefix}-${slug}`, slug, title })

export const seedFaqCategories = () => [
  cat('faqcat', 'most-asked', 'Most asked'),
  cat('faqcat', 'general-inquiries', 'General inquiries'),
  cat('faqcat', 'licenses', 'Licenses'),
  cat('faqcat', 'payments', 'Payments'),
  cat('faqcat', 'support', 'Support'),
]
export const seedGuideCategories = () => [
  cat('guidecat', 'getting-started', 'Getting Started'),
  cat('guidecat', 'projects', 'Projects'),
  cat('guidecat', 'settings', 'Settings'),
  cat('guidecat', 'payments', 'Payments'),
  cat('guidecat', 'your-account', 'Your Account'),
]

const QUESTIONS = [
  ['How do I add a technician?', 'Open Users, choose Add, and give the technician role.'],
  ['Can clients see their service history?', 'Yes, share the client portal link from the client page.'],
  ['How are invoice numbers made?', 'From a series per branch and year, never reused.'],
  ['What payment methods are supported?', 'Cash, card, Pix, transfer and boleto. The minimum card credit is $20.'],
  ['How do I reach support?', 'Write to support from the help menu; we answer within one business day.'],
]

export function seedFaqs(categories = seedFaqCategories()): Faq[] {
  const rnd = seeded(1001)
  return categories.flatMap((c, ci) =>
    QUESTIONS.map(([question, answer], qi) => ({
      id: rnd.uuid(),
      categoryId: c.id,
      question: qi === ci ? question : `${question} (${c.title})`,
      answer,
    })),
  )
}

const GUIDE_TITLES = [
  'What is Fieldwise',
  'Start using Fieldwise',
  'Signing in to the dashboard',
  'Navigating within the app',
  'Exporting data',
  'Importing clients',
  'Keyboard shortcuts',
  'Working offline',
]

export function seedGuides(categories = seedGuideCategories()): Guide[] {
  const rnd = seeded(1002)
  return categories.flatMap((c) =>
    GUIDE_TITLES.map((title) => {
      const full = `${title}${c.slug === 'getting-started' ? '' : ` — ${c.title}`}`
      return {
        id: rnd.uuid(),
        categoryId: c.id,
        slug: full
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/(^-|-$)/g, ''),
        title: full,
        subtitle: `A short guide: ${title.toLowerCase()}`,
        content: `<h2>${full}</h2><p>This guide walks you through ${title.toLowerCase()} step by step.</p><ol><li>Open the menu.</li><li>Pick the option.</li><li>Save.</li></ol>`,
      }
    }),
  )
}
