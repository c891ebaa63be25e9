import { documentTotals, type LineInput } from '../domain/document-lines.ts'
import { addressLine, type ClientRecord } from '../domain/schemas/clients.ts'
import type { QuoteRecord, StoredQuote } from '../domain/schemas/quotes.ts'
import { documentNumber } from '../domain/document-numbers.ts'
import type { JobRecord } from '../domain/schemas/jobs.ts'
import { formatCnpj } from '../domain/schemas/cnpj.ts'
import { formatCpf } from '../domain/schemas/cpf.ts'
import { hoursAgo, SEED_NOW, seeded } from './random.ts'

/** Check digits of a CPF (first 9 digits given) or a CNPJ (first 12 given). */
function withCheckDigits(base: number[], weights: (length: number) => number[]): string {
  const digits = [...base]
  for (const length of [base.length, base.length + 1]) {
    const sum = weights(length).reduce((acc, w, i) => acc + w * digits[i], 0)
    const rest = sum % 11
    digits.push(rest < 2 ? 0 : 11 - rest)
  }
  return digits.join('')
}
const cpfWeights = (length: number) => Array.from({ length }, (_, i) => length + 1 - i)
const cnpjWeights = (length: number) =>
  length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Daniel',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Paula',
  'Rafael',
  'Sofia',
  'Thiago',
  'Vanessa',
  'Wagner',
]
const LAST = [
  'Almeida',
  'Barbosa',
  'Cardoso',
  'Dias',
  'Esteves',
  'Ferreira',
  'Gomes',
  'Lima',
  'Machado',
  'Nunes',
  'Oliveira',
  'Pereira',
  'Ribeiro',
  'Santos',
  'Teixeira',
]
const BUSINESSES = [
  'Padaria Pão Dourado',
  'Clínica Sorriso',
  'Hotel Mar Azul',
  'Condomínio Jardim das Flores',
  'Escola Aprender',
  'Mercado Bom Preço',
  'Restaurante Sabor da Terra',
  'Academia Corpo em Forma',
  'Farmácia Vida',
  'Escritório Contábil Exato',
  'Pet Shop Amigo Fiel',
  'Oficina Motor Forte',
]
const STREETS = [
  'Rua Augusta',
  'Avenida Paulista',
  'Rua Oscar Freire',
  'Rua da Consolação',
  'Avenida Rebouças',
  'Rua Haddock Lobo',
  'Rua Teodoro Sampaio',
  'Avenida Brigadeiro Faria Lima',
  'Rua Vergueiro',
  'Rua Domingos de Morais',
]
const CITIES: Array<[string, string]> = [
  ['São Paulo', 'SP'],
  ['São Paulo', 'SP'],
  ['Campinas', 'SP'],
  ['Santo André', 'SP'],
  ['Rio de Janeiro', 'RJ'],
  ['Niterói', 'RJ'],
]
const TAGS = ['residencial', 'comercial', 'contrato', 'vip', 'condomínio']

/** docs/domain.md cd_cliente for the demo company: 40 clients (28 persons, 12 businesses), valid CPF / CNPJ, addresses in SP and RJ. */
export function seedClients(): ClientRecord[] {
  const r = seeded(4040)
  const digits = (n: number) => Array.from({ length: n }, () => r.int(0, 9))
  const address = (label: string, isDefault: boolean) => {
    const [city, region] = r.pick(CITIES)
    return {
      label,
      street: `${r.pick(STREETS)}, ${r.int(10, 2500)}`,
      city,
      region,
      postalCode: `${r.int(10000, 29999)}-${String(r.int(0, 999)).padStart(3, '0')}`,
      isDefault,
    }
  }
  return Array.from({ length: 40 }, (_, i): ClientRecord => {
    const business = i % 10 >= 7
    const name = business
      ? BUSINESSES[(i * 7) % BUSINESSES.length] + (i >= 30 ? ` ${Math.floor(i / 10)}` : '')
      : `${FIRST[i % FIRST.length]} ${r.pick(LAST)} ${r.pick(LAST)}`
    const handle = name
      .normalize('NFD')
      .replace(/[^\w ]/g, '')
      .toLowerCase()
      .split(' ')
      .slice(0, 2)
      .join('.')
    const addresses = business ? [address('Matriz', true), address('Depósito', false)] : [address('Casa', true)]
    return {
      id: r.uuid(),
      kind: business ? 'business' : 'person',
      name,
      tradeName: business ? name.split(' ').slice(0, 2).join(' ') : '',
      taxId: business
        ? formatCnpj(withCheckDigits([...digits(8), 0, 0, 0, 1], cnpjWeights))
        : formatCpf(withCheckDigits(digits(9), cpfWeights)),
      contacts: [
        {
          kind: 'email',
          label: business ? 'financeiro' : 'pessoal',
          value: `${handle}@${business ? 'empresa.com.br' : 'email.com.br'}`,
        },
        { kind: 'phone', label: 'celular', value: `+55 11 9${r.int(1000, 9999)}-${r.int(1000, 9999)}` },
      ],
      addresses,
      billingAddress: '',
      tags: [business ? 'comercial' : 'residencial', ...(i % 6 === 0 ? [r.pick(TAGS.slice(2))] : [])],
      notes: i % 5 === 0 ? 'Prefere visitas pela manhã.' : '',
      active: i !== 39,
      createdAt: hoursAgo(24 * (200 - i * 4)),
    }
  })
}

const JOBS: Array<
  [
    code: string,
    name: string,
    unit: JobRecord['unit'],
    price: number,
    minutes: number,
    skills: string[],
    checklist: string[],
  ]
> = [
  [
    'AC-INST',
    'Instalação de ar-condicionado split',
    'unit',
    45000,
    180,
    ['refrigeração', 'elétrica'],
    ['Conferir voltagem', 'Fixar condensadora', 'Testar vácuo', 'Testar funcionamento'],
  ],
  [
    'AC-MANUT',
    'Manutenção preventiva de ar-condicionado',
    'unit',
    18000,
    60,
    ['refrigeração'],
    ['Limpar filtros', 'Limpar serpentina', 'Verificar gás', 'Medir temperatura de saída'],
  ],
  [
    'AC-GAS',
    'Recarga de gás refrigerante',
    'unit',
    25000,
    60,
    ['refrigeração'],
    ['Localizar vazamento', 'Recarregar gás', 'Medir pressão'],
  ],
  [
    'ELE-HORA',
    'Serviço elétrico (hora técnica)',
    'hour',
    12000,
    60,
    ['elétrica'],
    ['Desligar disjuntor', 'Testar circuito ao final'],
  ],
  [
    'ELE-QUADRO',
    'Troca de quadro de distribuição',
    'unit',
    95000,
    240,
    ['elétrica'],
    ['Desligar entrada', 'Identificar circuitos', 'Instalar DR', 'Testar todos os circuitos'],
  ],
  ['ELE-TOMADA', 'Instalação de tomada', 'unit', 6000, 30, ['elétrica'], ['Conferir fiação', 'Testar tomada']],
  [
    'HID-VAZ',
    'Reparo de vazamento',
    'visit',
    15000,
    90,
    ['hidráulica'],
    ['Fechar registro', 'Localizar vazamento', 'Reparar', 'Testar pressão'],
  ],
  [
    'HID-DESENT',
    'Desentupimento',
    'visit',
    20000,
    90,
    ['hidráulica'],
    ['Identificar ponto', 'Desentupir', 'Testar escoamento'],
  ],
  [
    'HID-AQUEC',
    'Instalação de aquecedor a gás',
    'unit',
    38000,
    180,
    ['hidráulica', 'gás'],
    ['Verificar ventilação', 'Instalar', 'Testar vazamento de gás', 'Orientar cliente'],
  ],
  ['VIS-TEC', 'Visita técnica', 'visit', 9000, 45, [], ['Registrar diagnóstico', 'Fotografar local']],
  ['PINT-M2', 'Pintura (por hora)', 'hour', 8000, 60, ['pintura'], ['Proteger piso', 'Aplicar demãos', 'Limpar local']],
  [
    'CFTV-CAM',
    'Instalação de câmera de segurança',
    'unit',
    22000,
    90,
    ['segurança', 'elétrica'],
    ['Posicionar câmera', 'Passar cabo', 'Configurar gravador', 'Testar imagem remota'],
  ],
  [
    'PORT-MANUT',
    'Manutenção de portão eletrônico',
    'visit',
    16000,
    60,
    ['eletromecânica'],
    ['Lubrificar trilho', 'Ajustar fim de curso', 'Testar controles'],
  ],
  [
    'LIMP-CX',
    "Limpeza de caixa d'água",
    'unit',
    28000,
    150,
    ['hidráulica'],
    ['Fechar entrada', 'Esvaziar', 'Escovar e desinfetar', 'Encher e registrar data'],
  ],
  [
    'DEDET',
    'Dedetização residencial',
    'visit',
    30000,
    120,
    ['controle de pragas'],
    ['Orientar cliente a sair', 'Aplicar produto', 'Deixar certificado'],
  ],
]

/** docs/domain.md cd_job for the demo company: 15 jobs with checklists, prices in BRL cents. */
export function seedJobs(): JobRecord[] {
  const r = seeded(1515)
  return JOBS.map(([code, name, unit, unitPrice, durationMinutes, skills, checklist]) => ({
    id: r.uuid(),
    code,
    name,
    description: '',
    unit,
    unitPrice,
    currency: 'BRL',
    taxPercent: code.startsWith('VIS') ? 0 : 5,
    durationMinutes,
    skills,
    checklist,
    active: true,
  }))
}

/** The seeded quotes' branch (the main one, where the demo admin starts) and its time zone. */
export const SEED_QUOTE_BRANCH = 2
/** That branch's prefix in numbers (seeds/tenancy.ts). */
export const SEED_QUOTE_PREFIX = 'SAO'
const SEED_TIME_ZONE = 'America/Sao_Paulo'

/** A demo quote of the main branch: the client's name and tax id copied, the totals priced by the app's own code. */
function storedQuote(q: {
  id: string
  number: string
  client: ClientRecord
  lines: LineInput[]
  created: number
  validUntil: string
  status: QuoteRecord['status']
  serviceAddress: string
  terms: string
  sentAt: string | null
  decision: QuoteRecord['decision']
}): StoredQuote {
  return {
    id: q.id,
    filial: SEED_QUOTE_BRANCH,
    number: q.number,
    clientId: q.client.id,
    clientName: q.client.name,
    clientTaxId: q.client.taxId,
    serviceAddress: q.serviceAddress,
    lines: q.lines,
    totals: documentTotals(q.lines),
    currency: 'BRL',
    validUntil: q.validUntil,
    culture: 'pt',
    terms: q.terms,
    notes: '',
    status: q.status,
    createdAt: new Date(q.created).toISOString(),
    sendCount: q.status === 'draft' ? 0 : 1,
    sentAt: q.status === 'draft' ? null : q.sentAt,
    decision: q.decision,
    duplicateOf: null,
    timeZone: SEED_TIME_ZONE,
  }
}

const DAY = 86_400_000

/**
 * docs/domain.md cd_cotacao for the demo company: 30 quotes of the main branch in every status a
 * quote can have before service orders exist (draft, sent, approved, rejected; some expired),
 * numbered ORC-SAO-2026-000001 to 000030, priced by the same code as the app.
 */
export function seedQuotes(clients: ClientRecord[], jobs: JobRecord[]): StoredQuote[] {
  const r = seeded(3030)
  const plan: QuoteRecord['status'][] = [
    'draft',
    'draft',
    'draft',
    'draft',
    'draft',
    'draft',
    'sent',
    'sent',
    'sent',
    'sent',
    'sent',
    'sent',
    'sent',
    'sent',
    'sent',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'approved',
    'rejected',
    'rejected',
    'rejected',
    'rejected',
    'rejected',
    'draft',
    'sent',
  ]
  return plan.map((status, i) => {
    const client = clients[(i * 3) % 39]
    const lines = Array.from({ length: r.int(1, 3) }, () => {
      const job = r.pick(jobs)
      return {
        jobId: job.id,
        description: job.name,
        quantity: job.unit === 'hour' ? r.int(1, 8) : r.int(1, 3),
        unitPrice: job.unitPrice,
        discountPercent: r.pick([0, 0, 0, 5, 10]),
        taxPercent: job.taxPercent,
      }
    })
    const created = SEED_NOW - (90 - i * 3) * DAY
    // the last two and a few sent ones expired before an answer
    const expired = i >= 28 || i === 6 || i === 7
    const answered = status === 'approved' || status === 'rejected'
    const address = client.addresses.find((a) => a.isDefault)
    return storedQuote({
      id: r.uuid(),
      number: documentNumber('ORC', SEED_QUOTE_PREFIX, '2026', i + 1),
      client,
      lines,
      created,
      validUntil: new Date(expired ? SEED_NOW - 5 * DAY : created + 120 * DAY).toISOString().slice(0, 10),
      status,
      serviceAddress: address ? addressLine(address) : '',
      terms: 'Pagamento em até 30 dias após a execução. Garantia de 90 dias.',
      sentAt: new Date(created + DAY).toISOString(),
      decision: answered
        ? {
            name: client.name,
            at: new Date(created + 4 * DAY).toISOString(),
            address: `203.0.113.${10 + i}`,
            ...(status === 'rejected' ? { reason: 'Preço acima do orçamento previsto.' } : {}),
          }
        : null,
    })
  })
}

/** `count` more quotes of the main branch for the benchmarks (numbered in 2025, so the demo's series is untouched). */
export function manyQuotes(count: number, seed: number, clients: ClientRecord[], jobs: JobRecord[]): StoredQuote[] {
  const r = seeded(seed)
  const statuses: QuoteRecord['status'][] = ['draft', 'sent', 'approved', 'rejected']
  return Array.from({ length: count }, (_, i) => {
    const client = r.pick(clients)
    const lines = Array.from({ length: r.int(1, 4) }, () => {
      const job = r.pick(jobs)
      return {
        jobId: job.id,
        description: job.name,
        quantity: r.int(1, 5),
        unitPrice: job.unitPrice,
        discountPercent: r.pick([0, 5, 10]),
        taxPercent: job.taxPercent,
      }
    })
    const created = SEED_NOW - r.int(0, 700) * DAY
    const status = r.pick(statuses)
    return storedQuote({
      id: r.uuid(),
      number: documentNumber('ORC', SEED_QUOTE_PREFIX, '2025', i + 1),
      client,
      lines,
      created,
      validUntil: new Date(created + 60 * DAY).toISOString().slice(0, 10),
      status,
      serviceAddress: '',
      terms: '',
      sentAt: new Date(created).toISOString(),
      decision: null,
    })
  })
}
