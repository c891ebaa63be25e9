import { describe, expect, it } from 'vitest'
import { addDays, dateIn } from '../../domain/dates.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, signInMember, testBff } from '../shared/bff.ts'
import { MAIN, TECH_ID, wednesdayAhead } from '../shared/booking.ts'
import { readJpegMetadata } from '../shared/exif.ts'
import { phonePhoto } from '../shared/photo.ts'
import { solidPng } from '../shared/png.ts'

type Machine = {
  id: string
  name: string
  clientId: string
  clientName: string
  serviceAddress: string
  kind: string
  kindName: string
  serialNumber: string
  warrantyEnds: string | null
  active: boolean
  status: 'active' | 'retired'
  warranty: 'ending' | 'covered' | 'expired' | 'none'
  photos: Photo[]
}
type Photo = { id: string; url: string; thumbnailUrl: string; by: string }
type Client = { id: string; name: string; addresses: Array<{ street: string; city: string }> }
type Order = { id: string; clientId: string; equipmentIds: string[] }
type List<T> = { items: T[]; pagination: { length: number } }

/** The demo company with two clients to give machines to, and a day of the branch's calendar. */
async function setUp() {
  const bff = await testBff()
  const admin = await callAs(bff, DEMO_ADMIN, MAIN)
  const clients = (await admin<List<Client>>('/cd_cliente?size=2&sort=name')).body.Dados.items
  const branch = await bff.deps.repos.companies.findBranch(1, 2)
  const today = dateIn(branch!.TIME_ZONE, Date.now())
  const machine = (json: Record<string, unknown>) =>
    admin<Machine>('/cd_equipamento', {
      method: 'POST',
      json: { clientId: clients[0].id, kind: 'air_conditioner', brand: 'Daikin', model: 'FTXS35', ...json },
    })
  return { bff, admin, clients, today, machine }
}

describe('cd_equipamento', () => {
  it('keeps a client’s machine at one of their addresses, named by its brand and model, and answers the fields it refuses', async () => {
    const { admin, clients, machine } = await setUp()
    const made = await machine({
      serialNumber: 'dk 2291 ax7',
      capacity: 12000,
      capacityUnit: 'btu_h',
      location: 'Roof',
    })
    expect(made.status).toBe(200)
    expect(made.body.Dados).toMatchObject({
      name: 'Daikin FTXS35',
      clientName: clients[0].name,
      status: 'active',
      warranty: 'none',
      kindName: '',
    })
    // no address typed: the client's default one
    expect(made.body.Dados.serviceAddress).toContain(clients[0].addresses[0].city)
    // the company's own kind is named under Other, and suggested afterwards
    const chiller = await machine({ kind: 'other', kindName: 'Chiller', brand: '', model: '' })
    expect(chiller.body.Dados.name).toBe('Chiller')
    expect((await admin<string[]>('/cd_equipamento/kind-names')).body.Dados).toContain('Chiller')
    // a kind name is kept only with Other
    expect((await machine({ kindName: 'Split' })).body.Dados.kindName).toBe('')

    const refused = async (json: Record<string, unknown>) => {
      const res = await machine(json)
      expect(res.status).toBe(400)
      return res.body.codes
    }
    expect(await refused({ installedOn: '2026-05-10', warrantyEnds: '2026-05-09' })).toEqual({
      warrantyEnds: 'warranty_before_install',
    })
    expect(await refused({ serviceAddress: 'Rua que não é dele, 1' })).toEqual({
      serviceAddress: 'address_not_clients',
    })
    expect(await refused({ kind: 'spaceship' })).toHaveProperty('kind')
    expect(await refused({ clientId: crypto.randomUUID() })).toHaveProperty('clientId')
  })

  it('holds a serial number to one machine of the company, whatever its case and spaces, under simultaneous creations', async () => {
    const { admin, machine } = await setUp()
    expect((await machine({ serialNumber: 'SN-0001' })).status).toBe(200)
    const again = await machine({ serialNumber: ' sn-00 01 ' })
    expect(again.status).toBe(409)
    expect(again.body.codes).toEqual({ serialNumber: 'serial_taken' })

    const tries = await Promise.all(Array.from({ length: 8 }, () => machine({ serialNumber: 'RACE-42' })))
    expect(tries.map((t) => t.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    const listed = (await admin<List<Machine>>('/cd_equipamento?search=RACE-42&all=1')).body.Dados
    expect(listed.pagination.length).toBe(1)
    // a serial number changed away is free again for another machine
    const first = tries.find((t) => t.status === 200)!.body.Dados
    const changed = await admin(`/cd_equipamento/${first.id}`, { method: 'PATCH', json: { serialNumber: 'RACE-43' } })
    expect(changed.status).toBe(200)
    expect((await machine({ serialNumber: 'race-42' })).status).toBe(200)
  })

  it('retires a machine and returns it to service; its client’s record lists it either way, and a technician only reads', async () => {
    const { bff, admin, clients, machine } = await setUp()
    const made = (await machine({ serialNumber: 'RET-1' })).body.Dados
    const retired = await admin<Machine>(`/cd_equipamento/${made.id}`, { method: 'DELETE' })
    expect(retired.body.Dados.status).toBe('retired')
    const active = (await admin<List<Machine>>('/cd_equipamento?search=RET-1')).body.Dados
    expect(active.pagination.length).toBe(0)
    const theirs = (await admin<Machine[]>(`/cd_equipamento/of-client?clientId=${clients[0].id}`)).body.Dados
    expect(theirs.find((m) => m.id === made.id)?.status).toBe('retired')
    const back = await admin<Machine>(`/cd_equipamento/${made.id}?restore=1`, { method: 'DELETE' })
    expect(back.body.Dados.status).toBe('active')

    // given to another client, it sits at their default address
    const given = await admin<Machine>(`/cd_equipamento/${made.id}`, {
      method: 'PATCH',
      json: { clientId: clients[1].id },
    })
    expect(given.status).toBe(200)
    expect(given.body.Dados).toMatchObject({ clientId: clients[1].id, clientName: clients[1].name })
    expect(given.body.Dados.serviceAddress).toContain(clients[1].addresses[0].city)

    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    expect((await tech(`/cd_equipamento/${made.id}`)).status).toBe(200)
    expect(
      (await tech('/cd_equipamento', { method: 'POST', json: { clientId: clients[0].id, kind: 'boiler' } })).status,
    ).toBe(403)
  })

  it('says which warranties end within 30 days of the branch’s today, the soonest first, as the home card asks', async () => {
    const { admin, today, machine } = await setUp()
    const ends = (days: number, serialNumber: string) =>
      machine({ serialNumber, installedOn: addDays(today, -400), warrantyEnds: addDays(today, days) })
    const [soon, later, past, edge] = await Promise.all([
      ends(3, 'W-SOON'),
      ends(45, 'W-LATER'),
      ends(-1, 'W-PAST'),
      ends(30, 'W-EDGE'),
    ])
    expect([soon, later, past, edge].map((m) => m.body.Dados.warranty)).toEqual([
      'ending',
      'covered',
      'expired',
      'ending',
    ])
    const ending = (await admin<List<Machine>>('/cd_equipamento?state=ending&sort=warrantyEnds&order=asc&size=50')).body
      .Dados.items
    expect(ending.every((m) => m.warranty === 'ending')).toBe(true)
    const serials = ending.map((m) => m.serialNumber)
    expect(serials).toContain('W-SOON')
    expect(serials).toContain('W-EDGE')
    expect(serials).not.toContain('W-LATER')
    expect(serials.indexOf('W-SOON')).toBeLessThan(serials.indexOf('W-EDGE'))
  })

  it('an order names its client’s machines in service, and the machine’s page finds the order and its visits', async () => {
    const { admin, clients, machine } = await setUp()
    const mine = (await machine({ serialNumber: 'ORD-1' })).body.Dados
    const theirs = (await machine({ clientId: clients[1].id, serialNumber: 'ORD-2' })).body.Dados
    const order = (json: Record<string, unknown>) =>
      admin<Order>('/cd_ordem', { method: 'POST', json: { clientId: clients[0].id, ...json } })

    const other = await order({ equipmentIds: [theirs.id] })
    expect(other.status).toBe(400)
    expect(other.body.codes).toEqual({ equipmentIds: 'equipment_other_client' })
    const made = await order({ equipmentIds: mine.id })
    expect(made.status).toBe(200)
    expect(made.body.Dados.equipmentIds).toEqual([mine.id])
    const orders = (await admin<Order[]>(`/cd_ordem/of-equipment?equipmentId=${mine.id}`)).body.Dados
    expect(orders.map((o) => o.id)).toEqual([made.body.Dados.id])

    // a retired machine is not named anew; an order that named it keeps it
    await admin(`/cd_equipamento/${mine.id}`, { method: 'DELETE' })
    const retired = await order({ equipmentIds: [mine.id] })
    expect(retired.body.codes).toEqual({ equipmentIds: 'equipment_retired' })
    const kept = await admin<Order>(`/cd_ordem/${made.body.Dados.id}`, { method: 'PATCH', json: { problem: 'Leaks' } })
    expect(kept.body.Dados.equipmentIds).toEqual([mine.id])
    // another client picked: the former client's machines leave the order
    const moved = await admin<Order>(`/cd_ordem/${made.body.Dados.id}`, {
      method: 'PATCH',
      json: { clientId: clients[1].id },
    })
    expect(moved.body.Dados.equipmentIds).toEqual([])
    await admin(`/cd_equipamento/${mine.id}?restore=1`, { method: 'DELETE' })

    // its visit, booked and worked, is the machine's history
    const forIt = (await order({ equipmentIds: [mine.id] })).body.Dados
    const { at } = wednesdayAhead(30)
    const booked = await admin<{ visits: Array<{ id: string }> }>('/cd_ordemagendamento', {
      method: 'POST',
      json: { orderId: forIt.id, technicianIds: [TECH_ID], start: at('09:00'), end: at('10:00'), force: true },
    })
    expect(booked.status).toBe(201)
    const history = (await admin<Array<{ id: string; orderId: string }>>(`/cd_techorders?equipmentId=${mine.id}`)).body
      .Dados
    expect(history.map((v) => v.id)).toEqual([booked.body.Dados.visits[0].id])
    // another machine's history holds none of it
    expect((await admin<unknown[]>(`/cd_techorders?equipmentId=${theirs.id}`)).body.Dados).toEqual([])
  })
})

describe('a machine’s photos', () => {
  /** A multipart form of the named images. */
  const form = (files: Record<string, { bytes: Uint8Array<ArrayBuffer>; type: string; name: string }>) => {
    const body = new FormData()
    for (const [key, f] of Object.entries(files)) body.set(key, new File([f.bytes], f.name, { type: f.type }))
    return body
  }
  const png = (w: number, h: number) => ({ bytes: solidPng(w, h, [10, 120, 200]), type: 'image/png', name: 'p.png' })

  it('keeps a phone’s photo without its location, served to who reads the machines and to nobody else, taken off only through the machine', async () => {
    const { bff, admin, machine } = await setUp()
    const made = (await machine({ serialNumber: 'PH-1' })).body.Dados
    // the phone's 4032 × 3024 photo as it is (a page without scripts sends it so)
    const original = phonePhoto()
    expect(readJpegMetadata(original).gps).toBeTruthy()
    const added = await admin<Machine>(`/cd_equipamento/${made.id}/photos`, {
      method: 'POST',
      body: form({ photo: { bytes: original, type: 'image/jpeg', name: 'IMG_2041.jpg' } }),
    })
    expect(added.status).toBe(200)
    const [photo] = added.body.Dados.photos
    expect(photo).toMatchObject({ by: expect.any(String) })
    // without a thumbnail the photo is its own
    expect(photo.thumbnailUrl).toBe(photo.url)
    const adminToken = await bff.signIn(DEMO_ADMIN)
    const served = await bff.call(photo.url.replace(/^\/api/, ''), { token: adminToken })
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg'])
    const bytes = new Uint8Array(await served.arrayBuffer())
    expect(bytes.length).toBeGreaterThan(2_000_000)
    expect(readJpegMetadata(bytes).gps).toBeUndefined()
    // an edit of the machine keeps it; the machine's page reads it
    const edited = await admin<Machine>(`/cd_equipamento/${made.id}`, { method: 'PATCH', json: { location: 'Roof' } })
    expect(edited.body.Dados.photos.map((p) => p.id)).toEqual([photo.id])

    // a technician reads machines (and sees it) but does not change them
    const techToken = await bff.signIn(DEMO_TECHNICIAN)
    expect((await bff.call(photo.url.replace(/^\/api/, ''), { token: techToken })).status).toBe(200)
    const tech = await callAs(bff, DEMO_TECHNICIAN, MAIN)
    expect(
      (await tech(`/cd_equipamento/${made.id}/photos`, { method: 'POST', body: form({ photo: png(64, 48) }) })).status,
    ).toBe(403)
    expect((await tech(`/cd_equipamento/${made.id}/photos/${photo.id}`, { method: 'DELETE' })).status).toBe(403)

    // a member of another branch reads it too (machines are the company's)
    const elsewhere = await signInMember(bff, { empresa: 1, filial: 1, role: 'dispatcher' })
    expect((await bff.call(photo.url.replace(/^\/api/, ''), { token: elsewhere })).status).toBe(200)
    // a member without the machines' page gets none of it: not by its address, its group, nor to delete
    const name = `No Machines ${crypto.randomUUID()}`
    const blind = await signInMember(bff, { empresa: 1, filial: 2, role: 'dispatcher' }, name)
    const blindId = (await bff.deps.repos.users.members(1)).find((u) => u.value.name === name)!.value.id
    const pages = await admin(`/ac_usuariospaginas?userId=${blindId}`)
    const put = await admin('/ac_usuariospaginas', {
      method: 'PUT',
      json: { userId: blindId, levels: { cd_equipamento: 'none' } },
      headers: { 'if-match': pages.etag! },
    })
    expect(put.status).toBe(200)
    expect((await bff.call(photo.url.replace(/^\/api/, ''), { token: blind })).status).toBe(404)
    const as = (token: string, path: string, method = 'GET') => bff.call(path, { method, token, headers: MAIN })
    const group = async (token: string) =>
      (
        (await (await as(token, `/FileManager/select-by-id?idGuid=${made.id}&getEmpresaProprietario=true`)).json()) as {
          ListFiles: unknown[]
        }
      ).ListFiles
    expect(await group(blind)).toEqual([])
    expect(await group(adminToken)).toHaveLength(1)
    const byId = `/FileManager/delete-by-id?idImagem=${photo.id}&getEmpresaProprietario=true`
    expect((await as(blind, byId, 'DELETE')).status).toBe(404)
    // the admin takes it off through the machine, not behind its back
    expect((await as(adminToken, byId, 'DELETE')).status).toBe(403)
    // a file put in the machine's group by the upload service is no photo of it: the upload service deletes it
    const upload = new FormData()
    upload.set('files', new File([png(32, 24).bytes], 'x.png', { type: 'image/png' }))
    upload.set('idGuid', made.id)
    upload.set('getEmpresaProprietario', 'true')
    const uploaded = (await (
      await bff.call('/FileManager/upload', { method: 'POST', token: adminToken, headers: MAIN, body: upload })
    ).json()) as { ListFiles: Array<{ Id: string }> }
    const stray = `/FileManager/delete-by-id?idImagem=${uploaded.ListFiles[0].Id}&getEmpresaProprietario=true`
    expect((await as(adminToken, stray, 'DELETE')).status).toBe(200)
    const off = await admin<Machine>(`/cd_equipamento/${made.id}/photos/${photo.id}`, { method: 'DELETE' })
    expect([off.status, off.body.Dados.photos]).toEqual([200, []])
    expect((await bff.call(photo.url.replace(/^\/api/, ''), { token: adminToken })).status).toBe(404)
    expect((await admin(`/cd_equipamento/${made.id}/photos/${photo.id}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('keeps a photo sent twice with one key once, refuses what is no photo, a stale version and a thirteenth, leaving no file behind', async () => {
    const { bff, admin, machine } = await setUp()
    const made = (await machine({ serialNumber: 'PH-2' })).body.Dados
    const filesOf = async () => (await bff.deps.repos.company(1).files().inGroup(made.id)).length
    const send = (headers: Record<string, string> = {}, photo = png(640, 480)) =>
      admin<Machine>(`/cd_equipamento/${made.id}/photos`, {
        method: 'POST',
        body: form({ photo, thumbnail: png(320, 240) }),
        headers,
      })
    // the same request twice (one body, as a client sends it again), with one key
    const once = new Response(form({ photo: png(640, 480), thumbnail: png(320, 240) }))
    const body = new Uint8Array(await once.arrayBuffer())
    const resend = () =>
      admin<Machine>(`/cd_equipamento/${made.id}/photos`, {
        method: 'POST',
        body,
        headers: { 'idempotency-key': key, 'content-type': once.headers.get('content-type')! },
      })
    const key = crypto.randomUUID()
    const first = await resend()
    const again = await resend()
    expect([first.status, again.status, again.replayed]).toEqual([200, 200, 'true'])
    expect(again.body.Dados.photos).toEqual(first.body.Dados.photos)
    expect(first.body.Dados.photos[0].thumbnailUrl).not.toBe(first.body.Dados.photos[0].url)
    expect(await filesOf()).toBe(2)

    // text that says it is a PNG, a photo beyond 4096 pixels a side
    const fake = await send(
      {},
      { bytes: new TextEncoder().encode('<svg/>') as Uint8Array<ArrayBuffer>, type: 'image/png', name: 'x.png' },
    )
    expect([fake.status, fake.body]).toMatchObject([400, { codes: { photo: 'not_an_image' } }])
    const huge = await send({}, png(5000, 1))
    expect([huge.status, huge.body]).toMatchObject([400, { codes: { photo: 'image_too_large' } }])
    // on a version changed meanwhile: 412, and its files are not kept
    const stale = await send({ 'if-match': '"1"' })
    expect(stale.status).toBe(412)
    expect(await filesOf()).toBe(2)

    // sent at once, each kept, up to twelve; the thirteenth is refused
    const sent = await Promise.all(Array.from({ length: 12 }, () => send()))
    expect(sent.map((r) => r.status).sort()).toEqual([...Array(11).fill(200), 409])
    expect(sent.find((r) => r.status === 409)!.body).toMatchObject({ code: 'too_many_equipment_photos' })
    expect((await admin<Machine>(`/cd_equipamento/${made.id}`)).body.Dados.photos).toHaveLength(12)
    expect(await filesOf()).toBe(24)
  })
})
