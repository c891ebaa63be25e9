import type { PDFFont } from '@cantoo/pdf-lib'

// The standard fonts encode WinAnsi (Latin-1 and a few more): what they cannot draw is replaced
// (spaces, arrows, letters without their accent), never left to print as '?' or to throw.
const FALLBACKS: Record<string, string> = {
  '\u00A0': ' ',
  '\u202F': ' ',
  '\u2007': ' ',
  '\u2009': ' ',
  '\u200A': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\t': ' ',
  '\u200B': '',
  '\u200C': '',
  '\u200D': '',
  '\uFEFF': '',
  '\u00AD': '',
  '\uFE0F': '',
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '≈': '~',
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '′': "'",
  '″': '"',
  '✓': 'v',
  '✔': 'v',
  '✗': 'x',
  '✘': 'x',
  '№': 'No',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
}

/** A letter without its accents ('ő' → 'o'). */
const bare = (ch: string) => ch.normalize('NFD').replace(/\p{M}+/gu, '')

const charsets = new WeakMap<PDFFont, Set<number>>()
const charset = (font: PDFFont) => {
  let set = charsets.get(font)
  if (!set) charsets.set(font, (set = new Set(font.getCharacterSet())))
  return set
}

/** Text the font can draw: NFC, the fallbacks above, accents dropped where the font lacks the letter, else '?'; emoji dropped. */
export function drawable(text: string, font: PDFFont, keepNewlines = false): string {
  const ok = charset(font)
  const fits = (s: string) => [...s].every((c) => ok.has(c.codePointAt(0)!))
  let out = ''
  for (const ch of String(text ?? '')
    .replace(/\r\n?/g, '\n')
    .normalize('NFC')) {
    if (ch === '\n') {
      out += keepNewlines ? ch : ' '
      continue
    }
    const cp = ch.codePointAt(0)!
    if (cp >= 0x20 && ok.has(cp)) out += ch
    else if (FALLBACKS[ch] !== undefined && fits(FALLBACKS[ch])) out += FALLBACKS[ch]
    else if (bare(ch) !== ch && fits(bare(ch))) out += bare(ch)
    else if (
      /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u{E0020}-\u{E007F}]|\u20E3/u.test(ch)
    )
      continue
    else out += /\p{Cc}/u.test(ch) ? ' ' : '?'
  }
  return out
}

/**
 * Words wrapped to a width (a word longer than the width is broken); '\n' starts a new line. Each
 * word is measured once and a line's width is their sum with its spaces (measuring every longer
 * candidate line made a 200-line invoice's render allocate a sixth of its memory here); kerning
 * across a space is left out, as the drawn text leaves it out.
 */
export function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const space = font.widthOfTextAtSize(' ', size)
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let current = ''
    let width = 0
    for (let word of paragraph.split(/ +/).filter(Boolean)) {
      let wordWidth = font.widthOfTextAtSize(word, size)
      const joined = current ? width + space + wordWidth : wordWidth
      if (joined <= maxWidth) {
        current = current ? `${current} ${word}` : word
        width = joined
        continue
      }
      if (current) lines.push(current)
      while (wordWidth > maxWidth) {
        let i = 1
        while (i < word.length && font.widthOfTextAtSize(word.slice(0, i + 1), size) <= maxWidth) i++
        lines.push(word.slice(0, i))
        word = word.slice(i)
        wordWidth = font.widthOfTextAtSize(word, size)
      }
      current = word
      width = wordWidth
    }
    lines.push(current)
  }
  return lines
}
