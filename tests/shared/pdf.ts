import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A PDF as poppler reads it: its text laid out (pdftotext), or the list of its images (pdfimages). */
export function readPdf(bytes: Uint8Array, tool: 'pdftotext' | 'pdfimages' = 'pdftotext') {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'))
  try {
    writeFileSync(join(dir, 'd.pdf'), bytes)
    return execFileSync(
      tool,
      tool === 'pdftotext' ? ['-layout', join(dir, 'd.pdf'), '-'] : ['-list', join(dir, 'd.pdf')],
      { encoding: 'utf8' },
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
