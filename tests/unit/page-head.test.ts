import { describe, expect, it } from 'vitest'
import { withoutModulePreloads } from '../../app/entry.server.tsx'

const bytes = (text: string) => new TextEncoder().encode(text)
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe("a page's head", () => {
  it('announces no script module before the first paint, and keeps everything else as it was', () => {
    const page =
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/><title>Home</title>' +
      '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n1"/><link rel="modulepreload" href="/assets/home.js" nonce="n1"/></head>' +
      '<body><p>rel="modulepreload" as text stays</p><script type="module" nonce="n1">import "/assets/entry.client.js"</script></body></html>'
    expect(text(withoutModulePreloads(bytes(page)))).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/><title>Home</title></head>' +
        '<body><p>rel="modulepreload" as text stays</p><script type="module" nonce="n1">import "/assets/entry.client.js"</script></body></html>',
    )
    expect(text(withoutModulePreloads(bytes('<p>no head</p>')))).toBe('<p>no head</p>')
    // a head in another script than Latin (a title in any language) is cut at its bytes, not its letters
    const titled =
      '<html><head><title>Relatórios · 報告</title><link rel="modulepreload" href="/a.js"/></head><body>ção</body></html>'
    expect(text(withoutModulePreloads(bytes(titled)))).toBe(
      '<html><head><title>Relatórios · 報告</title></head><body>ção</body></html>',
    )
  })
})
