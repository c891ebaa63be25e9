import encodeQR from '@paulmillr/qr'

/**
 * A QR code of a text (a Pix BR Code) as its modules, made by @paulmillr/qr (no outside service, no
 * dependency of its own, the same on Node, Workers and Deno): rows of dark (true) and light, the
 * quiet border included. Medium error correction, as the Banco Central's Pix QR codes use.
 */
export const qrModules = (text: string): boolean[][] => encodeQR(text, 'raw', { ecc: 'medium' })

/** The modules as one SVG path (a square per dark module), for a page to draw at any size. */
export function qrPath(modules: boolean[][]): string {
  let d = ''
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    }),
  )
  return d
}
