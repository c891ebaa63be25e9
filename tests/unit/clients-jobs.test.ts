import { describe, expect, it } from 'vitest'
import { isValidCnpj } from '../../domain/schemas/cnpj.ts'
import { isValidCpf } from '../../domain/schemas/cpf.ts'
import { DEMO_ADMIN, DEMO_TECHNICIAN } from '../../seeds/tenancy.ts'
import { callAs, testBff } from '../shared/bff.ts'

type Client = {
  id: string
  kind: string
  name: string
  taxId: string
  email: string
  city: string
  active: boolean
  tags: string[]
  notes: string
  addresses: Array<{ city: string; isDefault: boolean }>
}
type Job = {
  id: string
  code: string
  unitPrice: number
  currency: string
  taxPercent: number
  checklist: string[]
  skills: string[]
}
type List<T> = { items: T[]; pagination: { length: number } }

const person = {
  kind: 'person',
  name: 'Marina Costa',
  taxId: '529.982.247-25',
  contacts: [{ kind: 'email', label: 'personal', value: 'Marina@Example.com' }],
  addresses: [{ label: 'Home', street: 'Rua Augusta, 100', city: 'São Paulo', region: 'SP', postalCode: '01305-000' }],
}

describe('check digits', () => {
  it('accepts CPF and CNPJ with their check digits and refuses any other', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true)
    expect(isValidCpf('52998224725')).toBe(true)
    expect(isValidCpf('529.982.247-24')).toBe(false)
    expect(isValidCpf('111.111.111-11')).toBe(false)
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false)
  })
})

describe('cd_cliente', () => {
  it('creates a person with a checked CPF, formats it, finds it by its digits from any branch, and refuses the same CPF twice', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const wrong = await admin('/cd_cliente', { method: 'POST', json: { ...person, taxId: '529.982.247-24' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body.codes).toEqual({ taxId: 'invalid_cpf' })
    // a CPF typed for a business is checked as a CNPJ
    expect((await admin('/cd_cliente', { method: 'POST', json: { ...person, kind: 'business' } })).body.codes).toEqual({
      taxId: 'invalid_cnpj',
    })
    const badMail = await admin('/cd_cliente', {
      method: 'POST',
      json: { ...person, contacts: [{ kind: 'email', label: '', value: 'not-mail' }] },
    })
    expect(badMail.body.codes).toEqual({ 'contacts.0.value': 'invalid_email' })

    const created = await admin<Client>('/cd_cliente', {
      method: 'POST',
      json: { ...person, taxId: '52998224725', tags: 'vip, residencial, vip' },
    })
    expect(created.status).toBe(200)
    expect(created.body.Dados).toMatchObject({
      taxId: '529.982.247-25',
      email: 'marina@example.com',
      city: 'São Paulo',
      tags: ['vip', 'residencial'],
      active: true,
    })
    expect(created.body.Dados.addresses[0].isDefault).toBe(true)
    const again = await admin('/cd_cliente', { method: 'POST', json: { ...person, name: 'Someone else' } })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'tax_id_taken', codes: { taxId: 'tax_id_taken' } })

    // clients belong to the company: another branch's list finds her by the digits of her CPF
    const otherBranch = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '1', 'x-filial': '2' })
    const found = await otherBranch<List<Client>>('/cd_cliente?search=52998224725')
    expect(found.body.Dados.items.map((c) => c.name)).toEqual(['Marina Costa'])
    // another company does not have her
    const northwind = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '2', 'x-filial': '4' })
    expect((await northwind(`/cd_cliente/${created.body.Dados.id}`)).status).toBe(404)
    expect((await northwind<List<Client>>('/cd_cliente?search=Marina')).body.Dados.items).toEqual([])
  })

  it('gives a tax id to one of any number of simultaneous creations, and frees it when the client changes it', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const cpf = '390.533.447-05'
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        admin<Client>('/cd_cliente', { method: 'POST', json: { ...person, name: `Double click ${i}`, taxId: cpf } }),
      ),
    )
    expect(tries.map((t) => t.status).sort()).toEqual([200, ...Array<number>(11).fill(409)])
    expect(tries.filter((t) => t.status === 409).every((t) => t.body.code === 'tax_id_taken')).toBe(true)
    const all = (await admin<List<Client>>('/cd_cliente?size=100&search=39053344705')).body.Dados.items
    expect(all).toHaveLength(1)
    // the holder takes another tax id: the first one is free again, and the new one is hers
    const holder = tries.find((t) => t.status === 200)!.body.Dados
    expect(
      (await admin(`/cd_cliente/${holder.id}`, { method: 'PATCH', json: { taxId: '111.444.777-35' } })).status,
    ).toBe(200)
    expect((await admin('/cd_cliente', { method: 'POST', json: { ...person, name: 'Next', taxId: cpf } })).status).toBe(
      200,
    )
    expect(
      (await admin('/cd_cliente', { method: 'POST', json: { ...person, name: 'Late', taxId: '111.444.777-35' } }))
        .status,
    ).toBe(409)
  })

  it('edits one field with the version read (412 when stale), and deactivates instead of deleting', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const created = await admin<Client>('/cd_cliente', { method: 'POST', json: { ...person, notes: 'Gate code 1234' } })
    const id = created.body.Dados.id
    const patched = await admin<Client>(`/cd_cliente/${id}`, {
      method: 'PATCH',
      json: { name: 'Marina C. Costa' },
      headers: { 'if-match': created.etag! },
    })
    expect(patched.status).toBe(200)
    // the fields not sent are kept
    expect(patched.body.Dados).toMatchObject({
      name: 'Marina C. Costa',
      notes: 'Gate code 1234',
      taxId: '529.982.247-25',
      email: 'marina@example.com',
    })
    const stale = await admin(`/cd_cliente/${id}`, {
      method: 'PATCH',
      json: { name: 'Lost' },
      headers: { 'if-match': created.etag! },
    })
    expect(stale.status).toBe(412)
    // a kind changed alone is checked against the tax id kept
    expect((await admin(`/cd_cliente/${id}`, { method: 'PATCH', json: { kind: 'business' } })).body.codes).toEqual({
      taxId: 'invalid_cnpj',
    })

    expect((await admin(`/cd_cliente/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await admin<Client>(`/cd_cliente/${id}`)).body.Dados).toMatchObject({
      name: 'Marina C. Costa',
      active: false,
    })
    expect((await admin<List<Client>>('/cd_cliente?search=Marina')).body.Dados.items).toEqual([])
    expect((await admin<List<Client>>('/cd_cliente?search=Marina&all=1')).body.Dados.items).toHaveLength(1)
    const activity = await admin<Array<{ action: string; userName: string; fields?: string[] }>>(
      `/cd_cliente/${id}/activity`,
    )
    expect(activity.body.Dados.map((a) => a.action)).toEqual(['deactivated', 'updated', 'created'])
    expect(activity.body.Dados[1].fields).toEqual(['name'])
  })

  it('follows the page levels: a technician reads, one given edit changes but does not deactivate', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const tech = await callAs(bff, DEMO_TECHNICIAN)
    expect((await tech<List<Client>>('/cd_cliente')).status).toBe(200)
    expect((await tech('/cd_cliente', { method: 'POST', json: person })).status).toBe(403)
    const techUser = (await admin<List<{ id: string; email: string }>>('/ac_usuarios?search=tech@')).body.Dados.items[0]
    expect(
      (
        await admin('/ac_usuariospaginas', {
          method: 'PUT',
          json: { userId: techUser.id, levels: { cd_cliente: 'edit' } },
        })
      ).status,
    ).toBe(200)
    const created = await tech<Client>('/cd_cliente', { method: 'POST', json: person })
    expect(created.status).toBe(200)
    expect((await tech(`/cd_cliente/${created.body.Dados.id}`, { method: 'DELETE' })).status).toBe(403)
    expect((await admin<Client>(`/cd_cliente/${created.body.Dados.id}`)).body.Dados.active).toBe(true)
  })

  it('seeds the demo company with 40 clients whose CPF and CNPJ are valid', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const all = (await admin<List<Client>>('/cd_cliente?all=1&size=100')).body.Dados.items
    expect(all).toHaveLength(40)
    expect(all.filter((c) => c.kind === 'person').every((c) => isValidCpf(c.taxId))).toBe(true)
    expect(all.filter((c) => c.kind === 'business').every((c) => isValidCnpj(c.taxId))).toBe(true)
    expect(all.filter((c) => c.kind === 'business').length).toBeGreaterThanOrEqual(10)
  })
})

describe('cd_job', () => {
  const job = {
    code: 'ac-clean',
    name: 'Air conditioner cleaning',
    unit: 'unit',
    unitPrice: 123456,
    taxPercent: 5.5,
    durationMinutes: 90,
    skills: 'hvac, electrical',
    checklist: 'Clean filters\n\nCheck gas\n',
  }

  it('takes prices in integer cents and percentages as numbers, keeps the company currency, and refuses a code twice', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const created = await admin<Job>('/cd_job', { method: 'POST', json: job })
    expect(created.status).toBe(200)
    expect(created.body.Dados).toMatchObject({
      code: 'AC-CLEAN',
      unitPrice: 123456,
      currency: 'BRL',
      taxPercent: 5.5,
      checklist: ['Clean filters', 'Check gas'],
      skills: ['hvac', 'electrical'],
    })
    expect((await admin('/cd_job', { method: 'POST', json: { ...job, name: 'Again' } })).body.codes).toEqual({
      code: 'code_taken',
    })
    // a code is one job's, whatever the case it is typed in, under simultaneous creations too
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin('/cd_job', {
          method: 'POST',
          json: { ...job, code: i % 2 ? 'pump-fix' : 'PUMP-FIX', name: `Pump ${i}` },
        }),
      ),
    )
    expect(tries.map((t) => t.status).sort()).toEqual([200, ...Array<number>(7).fill(409)])
    expect(
      (await admin('/cd_job', { method: 'POST', json: { ...job, code: 'X', taxPercent: 101 } })).body.codes,
    ).toEqual({ taxPercent: 'invalid_percent' })
    expect((await admin('/cd_job', { method: 'POST', json: { ...job, code: 'no spaces' } })).body.codes).toEqual({
      code: 'invalid_code',
    })
    // money is integer cents: a fraction of a cent or an amount as a person types it is refused, naming the field and the rule
    const fraction = await admin('/cd_job', { method: 'POST', json: { ...job, code: 'X', unitPrice: 35.5 } })
    expect(fraction.status).toBe(400)
    expect(fraction.body).toMatchObject({
      Msg: 'unitPrice: whole cents: an integer (12345 is 123.45)',
      codes: { unitPrice: 'invalid_money' },
    })
    const typed = await admin('/cd_job', { method: 'POST', json: { ...job, code: 'X', unitPrice: '1.234,56' } })
    expect(typed.body.codes).toEqual({ unitPrice: 'invalid_money' })
    expect(typed.body.Msg).toMatch(/^unitPrice: must be a number: an amount in integer cents/)
    expect(
      (await admin('/cd_job', { method: 'POST', json: { ...job, code: 'X', durationMinutes: 90.5 } })).body,
    ).toMatchObject({ Msg: 'durationMinutes: a whole number', codes: { durationMinutes: 'invalid_value' } })
    // Northwind works in dollars
    const northwind = await callAs(bff, DEMO_ADMIN, { 'x-empresa': '2', 'x-filial': '4' })
    expect((await northwind<Job>('/cd_job', { method: 'POST', json: job })).body.Dados.currency).toBe('USD')
  })

  it('is read by a technician, changed by none but editors, sorted by price; the demo company has 15 jobs with checklists', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const tech = await callAs(bff, DEMO_TECHNICIAN)
    const list = await tech<List<Job>>('/cd_job?sort=unitPrice&order=desc&size=100')
    expect(list.body.Dados.items).toHaveLength(15)
    expect(list.body.Dados.items[0].code).toBe('ELE-QUADRO')
    expect(list.body.Dados.items.every((j) => j.checklist.length > 0)).toBe(true)
    expect((await tech('/cd_job', { method: 'POST', json: job })).status).toBe(403)
    expect(
      (await tech(`/cd_job/${list.body.Dados.items[0].id}`, { method: 'PATCH', json: { unitPrice: 1 } })).status,
    ).toBe(403)
    expect((await admin<Job>(`/cd_job/${list.body.Dados.items[0].id}`)).body.Dados.unitPrice).toBe(95000)
  })
})

describe('searching without accents', () => {
  it('finds "Pão de Açúcar" by "pao de acucar" in the clients list, the quotes list and the header search, and "PÃO" too', async () => {
    const bff = await testBff()
    const admin = await callAs(bff, DEMO_ADMIN)
    const client = await admin<Client>('/cd_cliente', {
      method: 'POST',
      json: { ...person, kind: 'business', name: 'Padaria Pão de Açúcar', taxId: '11.222.333/0001-81' },
    })
    expect(client.status).toBe(200)
    const quote = await admin<{ number: string }>('/cd_cotacao', {
      method: 'POST',
      json: { clientId: client.body.Dados.id, lines: [{ description: 'Forno', quantity: 1, unitPrice: 10000 }] },
    })
    expect(quote.status).toBe(200)
    for (const search of ['pao de acucar', 'PÃO']) {
      const clients = await admin<List<Client>>(`/cd_cliente?search=${encodeURIComponent(search)}`)
      expect(clients.body.Dados.items.map((c) => c.name)).toEqual(['Padaria Pão de Açúcar'])
      const quotes = await admin<List<{ number: string }>>(`/cd_cotacao?search=${encodeURIComponent(search)}`)
      expect(quotes.body.Dados.items.map((q) => q.number)).toEqual([quote.body.Dados.number])
    }
    const found = (await (
      await bff.call('/common/search', {
        method: 'POST',
        token: await bff.signIn(DEMO_ADMIN),
        headers: { 'x-empresa': '1', 'x-filial': '1' },
        json: { query: 'pao de acucar' },
      })
    ).json()) as Array<{ id: string; results: Array<{ value: string }> }>
    expect(found.find((g) => g.id === 'clients')?.results.map((r) => r.value)).toEqual(['Padaria Pão de Açúcar'])
  })
})
