import { qrModules, qrPath } from '../../domain/qr.ts'
import type { Translator } from '../lib/i18n'
import { CopyButton } from './copy-field'

/** A Pix charge as a client's page shows it: the company's key and the BR Code ("copia e cola"). */
type Pix = { key: string; code: string }
/** The QR code of a charge, drawn on the server: the page ships its path, not the encoder. */
type Qr = { size: number; path: string }

/** The QR code of a Pix charge (for a page's loader), or null without one. */
export function pixQr(pix: Pix | null): Qr | null {
  const modules = pix ? qrModules(pix.code) : null
  return modules ? { size: modules.length, path: qrPath(modules) } : null
}

/**
 * Paying by Pix on a client's page (an invoice's open amount, a quote's deposit): the QR code to
 * scan, the code with a copy button (the text stays selectable without scripts), the key, and that
 * the company confirms it when it arrives.
 */
export function PixCharge({ pix, qr, company, t }: { pix: Pix; qr: Qr; company: string; t: Translator }) {
  return (
    <section aria-labelledby="pix-title" className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4">
      <h3 id="pix-title" className="text-lg font-bold">
        {t.i_pix_title()}
      </h3>
      <p className="text-sm text-ink-soft">{t.i_pix_hint()}</p>
      <svg
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        role="img"
        aria-label={t.i_pix_code()}
        className="h-56 w-56 self-center bg-white"
        shapeRendering="crispEdges"
        data-testid="pix-qr"
      >
        <path d={qr.path} fill="#000" />
      </svg>
      <div className="flex flex-col gap-2">
        <textarea
          readOnly
          value={pix.code}
          rows={5}
          aria-label={t.i_pix_copy()}
          data-testid="pix-code"
          className="w-full resize-none rounded-md border border-line bg-canvas p-2 font-mono text-xs break-all text-ink"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={pix.code} copy={t.i_pix_copy()} copied={t.i_pix_copied()} />
      </div>
      <p className="text-xs text-muted">{t.i_pix_key({ key: pix.key })}</p>
      <p className="text-xs text-muted">{t.i_pix_confirm({ company })}</p>
    </section>
  )
}
