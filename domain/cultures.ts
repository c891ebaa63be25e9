/** The product's languages (docs/shell.md §9). */
export const LANGUAGES = ['en', 'es', 'pt'] as const
export type Culture = (typeof LANGUAGES)[number]

/** docs/shell.md §9: en → en-US, es → es-MX, pt → pt-BR. */
export const CULTURES: Record<Culture, string> = { en: 'en-US', es: 'es-MX', pt: 'pt-BR' }

/** The request's language from Accept-Language (en-US → en, es-MX → es, pt-BR → pt), else `fallback`. */
export function requestCulture<F extends Culture | null>(header: string | undefined, fallback: F): Culture | F {
  const lang = header?.trim().slice(0, 2).toLowerCase()
  return lang === 'en' || lang === 'es' || lang === 'pt' ? lang : fallback
}
