import { z } from 'zod'

const line = (max: number) => z.string().max(max)

export const contactSchema = z.object({
  id: z.string(),
  avatar: line(2048).nullable(),
  background: line(2048).nullable().optional(),
  name: line(200),
  emails: z.array(z.object({ email: line(254), label: line(50) })).max(20),
  phoneNumbers: z
    .array(
      z.object({
        country: z.string().regex(/^[a-z]{2}$/, 'a two-letter country code'),
        phoneNumber: line(40),
        label: line(50),
      }),
    )
    .max(20),
  title: line(200).optional(),
  company: line(200).optional(),
  birthday: z.string().max(40).nullable(),
  address: line(500).nullable(),
  notes: line(20_000).nullable(),
  tags: z.array(z.string().max(100)).max(50),
})
export type Contact = z.infer<typeof contactSchema>

/** A PATCH: any of the fields; the id and unknown fields are ignored. */
export const contactPatch = z.object({
  id: z.string().min(1).max(200),
  contact: contactSchema.omit({ id: true }).partial(),
})

export const countrySchema = z.object({
  id: z.string(),
  iso: z.string(),
  name: z.string(),
  code: z.string(),
  flagImagePos: z.string(),
})
export const tagSchema = z.object({ id: z.string(), title: line(100) })
export type Tag = z.infer<typeof tagSchema>
export const tagInput = z.object({ tag: z.object({ title: line(100).trim().min(1) }) })
export const tagPatch = z.object({
  id: z.string().min(1).max(200),
  tag: z.object({ title: line(100).trim().min(1) }).partial(),
})
