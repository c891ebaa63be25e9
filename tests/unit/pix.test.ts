import { describe, expect, it } from 'vitest'
import decodeQR from '@paulmillr/qr/decode.js'
import { brCode, crc16 } from '../../domain/pix.ts'
import { qrModules, qrPath } from '../../domain/qr.ts'

// The Banco Central do Brasil's published examples (Manual de Padrões para Iniciação do Pix, Anexo I)
describe('the Pix BR Code', () => {
  it('makes the manual’s static example, CRC included', () => {
    expect(brCode({ key: '123e4567-e12b-12d1-a456-426655440000', name: 'Fulano de Tal', city: 'BRASILIA' })).toBe(
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    )
  })

  it('computes the CRC16 of the manual’s example with an amount', () => {
    const body =
      '00020126360014BR.GOV.BCB.PIX0114+5561988888888520400005303986540510.005802BR5913FULANO DE TAL6008BRASILIA62070503***6304'
    expect(crc16(body)).toBe('EFA2')
  })

  it('carries an amount in reais, a reference, and names without accents within their lengths', () => {
    const code = brCode({
      key: 'financeiro@acme.com.br',
      name: 'Acme Serviços de Climatização Ltda',
      city: 'São José dos Campos',
      amount: 123456,
      txid: 'FAT-SAO-2026-000012',
    })
    expect(code).toContain('54071234.56')
    expect(code).toContain('5925Acme Servicos de Climatiz')
    expect(code).toContain('6015Sao Jose dos Ca')
    expect(code).toContain('62200516FATSAO2026000012')
    // the CRC covers everything before it
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)))
  })
})

// domain/qr.ts: the QR code a client's page and the invoice PDF draw
describe('the Pix QR code', () => {
  it('reads back, from its image, as the BR Code it was made of', () => {
    const code = brCode({
      key: '11222333000181',
      name: 'Acme Climatização',
      city: 'São Paulo',
      amount: 47250,
      txid: 'FAT-SAO-2026-000001',
    })
    const modules = qrModules(code)
    // drawn as a page draws it: 4 pixels a module, black on white
    const scale = 4
    const side = modules.length * scale
    const data = new Uint8Array(side * side * 4).fill(255)
    modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (!dark) return
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++)
            data.fill(
              0,
              ((y * scale + dy) * side + x * scale + dx) * 4,
              ((y * scale + dy) * side + x * scale + dx) * 4 + 3,
            )
      }),
    )
    expect(decodeQR({ width: side, height: side, data })).toBe(code)
    // the page's path has one square per dark module
    expect(qrPath(modules).match(/M/g)).toHaveLength(modules.flat().filter(Boolean).length)
  })
})
