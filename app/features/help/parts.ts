// How an answer's paragraph is read: its text and its `[words](/path)` links (app/features/help/content.ts).

/** A piece of an answer's paragraph: text, or a link to a screen. */
export type HelpPart = { text: string; to?: string }

const LINK = /\[([^\]]+)\]\((\/[^)\s]*)\)/g

/** A paragraph in pieces: its text, and its `[words](/path)` links. */
export function helpParts(paragraph: string): HelpPart[] {
  const parts: HelpPart[] = []
  let at = 0
  for (const match of paragraph.matchAll(LINK)) {
    if (match.index > at) parts.push({ text: paragraph.slice(at, match.index) })
    parts.push({ text: match[1], to: match[2] })
    at = match.index + match[0].length
  }
  if (at < paragraph.length) parts.push({ text: paragraph.slice(at) })
  return parts
}

/** A paragraph as a reader sees it (its links' words, without their paths): what the help's search looks in. */
export const helpText = (paragraph: string) =>
  helpParts(paragraph)
    .map((p) => p.text)
    .join('')
