import { z } from 'zod'
import { publicUserSchema, wrapper } from './common.ts'
import { LANGUAGES } from '../cultures.ts'
import { country, timeZone } from './admin.ts'
import { CURRENCIES } from '../money.ts'
import { rule } from '../messages.ts'

const email = z.string().trim().toLowerCase().pipe(z.email('Enter a valid e-mail address').max(254))
/** New passwords: 8 to 128 characters. Sign-in takes whatever was typed (up to 1,024). */
const newPassword = z.string().min(8, 'Use at least 8 characters').max(128, 'Use at most 128 characters')

export const signInSchema = z.object({ email, password: z.string().min(1, 'Enter your password').max(1024) })

/** What sign-up founds besides the person: the company, as its admin, with its main branch. */
const signUpCompany = {
  company: z.string().trim().min(1, rule('field_required')).max(120),
  /** The company's legal name, printed on its quotes and invoices (its name when left blank). */
  legalName: z
    .string()
    .trim()
    .max(200)
    .optional()
    .meta({ description: 'The legal name its documents print (the company’s name when blank or left out)' }),
  country,
  currency: z.enum(CURRENCIES, { message: 'Choose a currency' }),
  culture: z.enum(LANGUAGES, { message: 'Choose a language' }),
  timeZone,
  /** The main branch's name (the company's name when left blank). */
  branch: z.string().trim().max(120).optional(),
}
export type SignUpCompany = Pick<z.output<typeof signUpSchema>, keyof typeof signUpCompany>

/** Sign-up founds a company: the person, and the company they will be the admin of (docs/domain.md Administration). */
export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(120),
  email,
  password: newPassword,
  ...signUpCompany,
  /** The person accepts the terms of service and the privacy policy: nothing is founded without it. */
  agreements: z
    .boolean(rule('agreements_required'))
    .refine((accepted) => accepted, rule('agreements_required'))
    .meta({ description: 'true: the person accepts the terms of service and the privacy policy (required)' }),
})
/** A sign-up's confirmation link (its token). */
export const signUpTokenSchema = z.object({ token: z.string().min(20).max(200) })
/** What a valid confirmation link shows before it is used: whose company, in which language. */
export const signUpLinkAnswerSchema = z.object({ company: z.string(), culture: z.enum(LANGUAGES) })
export const forgotPasswordSchema = z.object({ email })
export const resetPasswordSchema = z.object({
  token: z.string().min(20).max(200),
  password: newPassword,
  /** An invitation's first password: the language the person read it in becomes theirs. */
  culture: z.enum(LANGUAGES).optional(),
})
/** A reset or invitation link's token, to read what its page shows (POST /api/auth/reset-link). */
export const resetLinkSchema = z.object({ token: z.string().min(20).max(200) })
/**
 * What the page of a valid link shows, without spending it: the language it speaks (an
 * invitation's: the one the company typed for the person), whether it is an invitation and of
 * which company. Never the e-mail.
 */
export const resetLinkAnswer = z.object({
  culture: z.enum(LANGUAGES),
  invited: z.boolean(),
  company: z.string().optional(),
})
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(1024),
  newPassword: newPassword,
})
export const tokenSignInSchema = z.object({ accessToken: z.string().min(1).max(4096) })

export type SignInInput = z.infer<typeof signInSchema>
export type SignUpInput = z.output<typeof signUpSchema>

export const signInAnswerSchema = z.object({
  user: publicUserSchema,
  accessToken: z.string(),
  tokenType: z.literal('bearer'),
})
export const refreshAnswerSchema = wrapper(z.object({ Token: z.string() }))

/**
 * A proof of work the server asks for while it is flooded (429 `proof_of_work_required`): solve
 * `challenge` at `difficulty` (domain/proof-of-work.ts) and send the request again with the
 * Proof-Of-Work header `<challenge>:<nonce>`.
 */
export const proofChallengeSchema = z.object({
  challenge: z.string().describe('What to solve; it holds for this e-mail (or link) for 10 minutes'),
  difficulty: z.number().int().describe('The zero bits SHA-256 of `<challenge>:<nonce>` must start with'),
})
