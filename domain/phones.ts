import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile'
import type { Culture } from './cultures.ts'
import type { CompanyRecord } from './tenancy.ts'

/** A company's country where it was not asked (companies made before sign-up asked it): its language's. */
const LANGUAGE_COUNTRY: Record<Culture, CountryCode> = { en: 'US', es: 'MX', pt: 'BR' }

/** The country a number written without its "+code" belongs to: the company's. */
export function companyCountry(company: Pick<CompanyRecord, 'COUNTRY' | 'CULTURE'> | null): CountryCode {
  return (company?.COUNTRY || LANGUAGE_COUNTRY[company?.CULTURE ?? 'en']) as CountryCode
}

type Contact = { kind: string; label: string; value: string }

/**
 * The number a WhatsApp message reaches a client at, in E.164 (+5511987654321): the phone they
 * labelled WhatsApp, else their first mobile number (libphonenumber's mobile ranges of the
 * country); null when they have neither (a landline only, or no phone).
 */
export function whatsappNumber(contacts: readonly Contact[], country: CountryCode): string | null {
  const phones = contacts
    .filter((c) => c.kind === 'phone')
    .map((c) => ({ label: c.label, number: parsePhoneNumberFromString(c.value, country) }))
  const labelled = phones.find((p) => /whats|zap/i.test(p.label) && p.number?.isPossible())
  const mobile = phones.find((p) => p.number?.isValid())
  return (labelled ?? mobile)?.number?.number ?? null
}
