/** The product's languages (docs/shell.md §9). */
export const LANGUAGES = ['en', 'es', 'pt'] as const
export type Culture = (typeof LANGUAGES)[number]

/** docs/shell.md §9: en → en-US, es → es-MX, pt → pt-BR. */
export const CULTURES: Record<Culture, string> = { en: 'en-US', es: 'es-MX', pt: 'pt-BR' }

/**
 * The request's language from Accept-Language: the first of ours among the browser's, by their q
 * weights (RFC 9110 §12.5.4: "pt-BR,pt;q=0.9,en;q=0.8" → pt; "fr,es;q=0.5" → es), else `fallback`.
 */
export function requestCulture<F extends Culture | null>(header: string | null | undefined, fallback: F): Culture | F {
  const wanted = (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((w) => w.q > 0 && (LANGUAGES as readonly string[]).includes(w.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return (wanted[0]?.lang as Culture | undefined) ?? fallback
}
