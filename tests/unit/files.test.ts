import { beforeAll, describe, expect, it } from 'vitest'
import { contactSchema } from '../../domain/schemas/contacts.ts'
import { fileManagerAnswer, uploadAnswer } from '../../domain/schemas/files.ts'
import { DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { signInMember, testBff, type TestBff } from '../shared/bff.ts'
import { expectSchema } from '../shared/schema.ts'

const acme = { 'x-empresa': '1', 'x-filial': '2' }
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
  31, 21, 196, 137,
])

function form(fields: Record<string, string>, files: Array<[string, Uint8Array | string, string, string]>) {
  const data = new FormData()
  for (const [k, v] of Object.entries(fields)) data.append(k, v)
  for (const [field, bytes, name, type] of files) data.append(field, new File([bytes as BlobPart], name, { type }))
  return data
}

describe('file uploads', () => {
  let bff: TestBff
  let token: string
  beforeAll(async () => {
    bff = await testBff()
    token = await bff.signIn()
  })
  const upload = (data: FormData, headers = acme) =>
    bff.call('/FileManager/upload', { method: 'POST', token, headers, body: data })

  it('stores several files under one generated idGuid, selects them and serves the bytes back', async () => {
    const res = await upload(
      form({ getEmpresaProprietario: 'false' }, [
        ['files', PNG, 'logo.png', 'image/png'],
        ['files', 'hello', 'notes.txt', 'text/plain'],
      ]),
    )
    expect(res.status).toBe(200)
    const body = expectSchema(uploadAnswer, await res.json())
    expect(body.Error).toBeNull()
    expect(body.ListFiles).toHaveLength(2)
    expect(body.idGuid).toMatch(/^[0-9a-f-]{36}$/)
    const selected = expectSchema(
      uploadAnswer,
      await (
        await bff.call(`/FileManager/select-by-id?getEmpresaProprietario=false&idGuid=${body.idGuid}`, {
          token,
          headers: acme,
        })
      ).json(),
    )
    expect(selected.ListFiles.map((f) => f.Id)).toEqual(body.ListFiles.map((f) => f.Id))
    const image = await bff.call(body.ListFiles[0].Url.replace('/api', ''), { token })
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('x-content-type-options')).toBe('nosniff')
    expect(image.headers.get('content-disposition')).toMatch(/^inline; filename="logo.png"/)
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG)
    const text = await bff.call(body.ListFiles[1].Url.replace('/api', ''), { token })
    expect(text.headers.get('content-disposition')).toMatch(/^attachment;/)
    expect(await text.text()).toBe('hello')
  })

  it('keeps the idGuid it is given and serves SVG and HTML only as downloads', async () => {
    const res = await upload(
      form({ idGuid: 'order-123' }, [
        [
          'files',
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          '../../etc/evil.svg',
          'image/svg+xml',
        ],
        ['files', '<script>alert(1)</script>', 'page.html', 'text/html'],
      ]),
    )
    const body = expectSchema(uploadAnswer, await res.json())
    expect(body.idGuid).toBe('order-123')
    expect(body.ListFiles[0].Url).toMatch(/\/evil\.svg$/)
    for (const f of body.ListFiles) {
      const served = await bff.call(f.Url.replace('/api', ''), { token })
      expect(served.headers.get('content-disposition')).toMatch(/^attachment;/)
      expect(served.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(served.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/)
    }
  })

  it('encodes a file name in its URL and folds it into a safe Content-Disposition', async () => {
    const name = 'a b#?%"x\r\nX-Injected: 1 ação.txt'
    const res = await upload(form({ idGuid: 'names-1' }, [['files', 'named', name, 'text/plain']]))
    const url = expectSchema(uploadAnswer, await res.json()).ListFiles[0].Url
    // the name is one path segment: nothing of it becomes a query, a fragment or a header
    expect(url).not.toMatch(/[ #?"\r\n]/)
    const served = await bff.call(url.replace('/api', ''), { token })
    expect([served.status, await served.text()]).toEqual([200, 'named'])
    expect(served.headers.get('x-injected')).toBeNull()
    const disposition = served.headers.get('content-disposition')!
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[\w.%!~*'()-]+$/)
    expect(disposition).not.toMatch(/[\r\n]/)
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toContain('ação')
  })

  it('refuses an image whose bytes are not that image, an empty upload, and a file over 5 MB (413), storing nothing', async () => {
    const fake = await upload(form({ idGuid: 'bad-1' }, [['files', 'not really a png', 'x.png', 'image/png']]))
    expect(fake.status).toBe(400)
    const empty = await upload(form({ idGuid: 'bad-1' }, []))
    expect(empty.status).toBe(400)
    expect(await empty.json()).toEqual({ Error: 'No files selected for upload', ListFiles: [] })
    const big = await upload(
      form({ idGuid: 'bad-1' }, [
        ['files', new Uint8Array(5 * 1024 * 1024 + 1), 'big.bin', 'application/octet-stream'],
      ]),
    )
    expect(big.status).toBe(413)
    expect(
      (
        (await (await bff.call('/FileManager/select-by-id?idGuid=bad-1', { token, headers: acme })).json()) as {
          ListFiles: unknown[]
        }
      ).ListFiles,
    ).toEqual([])
  })

  it('refuses a huge body as soon as the limit is passed, without reading the rest', async () => {
    let sent = 0
    const chunk = new Uint8Array(256 * 1024)
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 50 * 1024 * 1024) return controller.close()
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const res = await bff.api.request('/FileManager/upload', {
      method: 'POST',
      body: stream,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', ...acme },
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(sent).toBeLessThan(8 * 1024 * 1024)
  })

  it('deletes a file; another company or branch cannot see, serve or delete it', async () => {
    const body = expectSchema(
      uploadAnswer,
      await (await upload(form({ idGuid: 'to-delete' }, [['files', PNG, 'a.png', 'image/png']]))).json(),
    )
    const [{ Id, Url }] = body.ListFiles
    // a technician of another branch
    const tech = await signInMember(bff, { empresa: 1, filial: 1, role: 'technician' })
    expect((await bff.call(Url.replace('/api', ''), { token: tech })).status).toBe(404)
    expect((await bff.call(`/FileManager/delete-by-id?idImagem=${Id}`, { method: 'DELETE', token: tech })).status).toBe(
      404,
    )
    expect(
      (
        await bff.call(`/FileManager/delete-by-id?idImagem=${Id}`, {
          method: 'DELETE',
          token,
          headers: { 'x-empresa': '2' },
        })
      ).status,
    ).toBe(404)
    expect((await bff.call(Url.replace('/api', ''))).status).toBe(401)
    const del = await bff.call(`/FileManager/delete-by-id?idImagem=${Id}`, { method: 'DELETE', token, headers: acme })
    expect(await del.json()).toEqual({ Error: null })
    expect((await bff.call(Url.replace('/api', ''), { token })).status).toBe(404)
  })

  it("sets a contact's avatar from an image and serves it", async () => {
    const [first] = (await (await bff.call('/apps/contacts/all', { token, headers: acme })).json()) as Array<{
      id: string
    }>
    const res = await bff.call('/apps/contacts/avatar', {
      method: 'POST',
      token,
      headers: acme,
      body: form({ id: first.id }, [['avatar', PNG, 'me.png', 'image/png']]),
    })
    const contact = expectSchema(contactSchema, await res.json())
    expect(contact.avatar).toMatch(/^\/api\/files\/1\/[0-9a-f-]{36}\/me\.png$/)
    expect((await bff.call(contact.avatar!.replace('/api', ''), { token })).status).toBe(200)
    const svg = await bff.call('/apps/contacts/avatar', {
      method: 'POST',
      token,
      headers: acme,
      body: form({ id: first.id }, [['avatar', '<svg/>', 'x.svg', 'image/svg+xml']]),
    })
    expect(svg.status).toBe(400)
  })
})

describe('api/apps/file-manager', () => {
  it("lists a folder's folders and files by name with the breadcrumb; 'null' is the root", async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const root = expectSchema(
      fileManagerAnswer,
      await (await bff.call('/apps/file-manager?folderId=null', { token, headers: acme })).json(),
    )
    expect(root.folders.map((f) => f.name)).toEqual(['Personal', 'Photos', 'Work'])
    expect(root.files.map((f) => f.name)).toEqual([
      'Company handbook.pdf',
      'Meeting notes.doc',
      'Price list.xls',
      'Readme.txt',
    ])
    expect(root.path).toEqual([])
    const work = root.folders.find((f) => f.name === 'Work')!
    const inWork = expectSchema(
      fileManagerAnswer,
      await (await bff.call(`/apps/file-manager?folderId=${work.id}`, { token, headers: acme })).json(),
    )
    const contracts = inWork.folders[0]
    const deep = expectSchema(
      fileManagerAnswer,
      await (await bff.call(`/apps/file-manager?folderId=${contracts.id}`, { token, headers: acme })).json(),
    )
    expect(deep.path.map((f) => f.name)).toEqual(['Work', 'Contracts'])
    expect(await (await bff.call('/apps/file-manager', { token, headers: { 'x-empresa': '2' } })).json()).toEqual({
      folders: [],
      files: [],
      path: [],
    })
  })
})

describe('delete by url and the company logo', () => {
  it('deletes a file by its URL, and sets the company logo to an uploaded image (admins only)', async () => {
    const bff = await testBff()
    const token = await bff.signIn()
    const upload = async (name: string, bytes: Uint8Array | string, type: string) =>
      expectSchema(
        uploadAnswer,
        await (
          await bff.call('/FileManager/upload', {
            method: 'POST',
            token,
            headers: acme,
            body: form({ getEmpresaProprietario: 'true' }, [['files', bytes, name, type]]),
          })
        ).json(),
      ).ListFiles[0]
    const doc = await upload('doc.txt', 'x', 'text/plain')
    expect(
      await (
        await bff.call(`/FileManager/delete-by-url?url=${encodeURIComponent(doc.Url)}`, {
          method: 'DELETE',
          token,
          headers: acme,
        })
      ).json(),
    ).toEqual({ Error: null })
    expect(
      (
        await bff.call(`/FileManager/delete-by-url?url=${encodeURIComponent(doc.Url)}`, {
          method: 'DELETE',
          token,
          headers: acme,
        })
      ).status,
    ).toBe(404)

    const logo = await upload('logo.png', PNG, 'image/png')
    const ok = await bff.call('/ac_empresas/logo', {
      method: 'PUT',
      token,
      headers: acme,
      json: { ID_ARQUIVO: logo.Id, URL_LOGO: logo.Url },
    })
    expect(await ok.json()).toEqual({ IsSuccess: true, Msg: '' })
    const text = await upload('t.txt', 'x', 'text/plain')
    const bad = await bff.call('/ac_empresas/logo', {
      method: 'PUT',
      token,
      headers: acme,
      json: { ID_ARQUIVO: text.Id, URL_LOGO: text.Url },
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      IsSuccess: false,
      Dados: null,
      Msg: 'The logo must be an image uploaded to this company.',
    })
    const tech = await bff.signIn(DEMO_TECHNICIAN)
    const refused = await bff.call('/ac_empresas/logo', {
      method: 'PUT',
      token: tech,
      json: { ID_ARQUIVO: logo.Id, URL_LOGO: logo.Url },
    })
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { IsSuccess: boolean }).IsSuccess).toBe(false)
    const elsewhere = await bff.call('/ac_empresas/logo', {
      method: 'PUT',
      token,
      headers: { 'x-empresa': '2' },
      json: { ID_ARQUIVO: logo.Id, URL_LOGO: logo.Url },
    })
    expect(elsewhere.status).toBe(400)

    // ID_ARQUIVO null and an empty URL_LOGO take the logo away; half of that is refused
    const shell = async () =>
      ((await (await bff.call('/common/shell', { token, headers: acme })).json()) as { logo: string | null }).logo
    expect(await shell()).toBe(logo.Url)
    expect(
      (
        await bff.call('/ac_empresas/logo', {
          method: 'PUT',
          token,
          headers: acme,
          json: { ID_ARQUIVO: null, URL_LOGO: logo.Url },
        })
      ).status,
    ).toBe(400)
    expect(await shell()).toBe(logo.Url)
    const cleared = await bff.call('/ac_empresas/logo', {
      method: 'PUT',
      token,
      headers: acme,
      json: { ID_ARQUIVO: null, URL_LOGO: '' },
    })
    expect(await cleared.json()).toEqual({ IsSuccess: true, Msg: '' })
    expect(await shell()).toBeNull()
  })
})
