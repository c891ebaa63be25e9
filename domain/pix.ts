/**
 * Pix "copia e cola" payloads (the BR Code: EMV® QRCPS merchant-presented mode, as the Banco Central
 * do Brasil's "Manual de Padrões para Iniciação do Pix" fixes it), made by the app itself: fields
 * of id, two-digit length and value; the Pix account under id 26; the amount, when there is one,
 * in reais with two decimals; a CRC16 over everything before it. A bank app reads the payload
 * pasted or from its QR code.
 */

/** The Pix account's globally unique identifier (id 26, sub-id 00). */
const PIX_GUI = 'br.gov.bcb.pix'

/** One field: its id, its value's length in two digits, its value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} is longer than 99 characters`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/** Text a bank app takes everywhere: no accents, printable ASCII only, at most `max` characters. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max)
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of the text, as four capital hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

export type PixCharge = {
  /** The receiver's Pix key: a CPF/CNPJ, an e-mail, a phone (+55…) or a random key. */
  key: string
  /** The receiver's name (at most 25 characters are used) and city (at most 15). */
  name: string
  city: string
  /** In cents; none: the payer types the amount. */
  amount?: number
  /** What the payment is for, shown to the payer (the key and it share 99 characters). */
  description?: string
  /** The receiver's reference for the payment: letters and digits, at most 25; none: `***`. */
  txid?: string
}

/** The BR Code ("copia e cola") of a Pix charge. */
export function brCode(charge: PixCharge): string {
  const key = charge.key.trim()
  const description = charge.description ? plain(charge.description, 99 - 18 - key.length - 4) : ''
  const account = field('00', PIX_GUI) + field('01', key) + (description ? field('02', description) : '')
  const txid = (charge.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***'
  const payload =
    field('00', '01') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    (charge.amount !== undefined ? field('54', (charge.amount / 100).toFixed(2)) : '') +
    field('58', 'BR') +
    field('59', plain(charge.name, 25)) +
    field('60', plain(charge.city, 15)) +
    field('62', field('05', txid)) +
    '6304'
  return payload + crc16(payload)
}
