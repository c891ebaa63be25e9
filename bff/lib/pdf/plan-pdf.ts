import { CULTURES, type Culture } from '../../../domain/cultures.ts'
import { formatDay } from '../../../domain/dates.ts'
import { dateTimeFormat, numberFormat } from '../../../domain/intl.ts'
import type { Periodicity } from '../../../domain/plan-schedule.ts'
import type { PrintedCompany } from './document-pdf.ts'
import { renderRegisterPdf, type PrintedRegister } from './register-pdf.ts'

/** A plan as its printed plan shows it: the building, the client, the engineer, the machines and their routine, the year's visits. */
export type PlanDocument = {
  /** `pmoc`: the Brazilian PMOC (Portaria MS 3.523/1998, its annex), in Portuguese; `generic`: the maintenance plan and log in `culture`. */
  layout: 'pmoc' | 'generic'
  culture: Culture
  company: PrintedCompany
  logo: Uint8Array | null
  year: string
  plan: {
    name: string
    startsOn: string
    endsOn: string | null
    building: string
    activity: string
    occupants: number
    floatingOccupants: number
    area: number
    thermalLoad: string
    engineerName: string
    engineerRegistration: string
    engineerPermit: string
    emergencyNotes: string
  }
  client: { name: string; taxId: string; address: string; phone: string }
  /** Where the machines are (the first one's address, else the client's). */
  site: string
  machines: Array<{ name: string; serialNumber: string; capacity: string; location: string }>
  routine: Array<{ machine: string; service: string; periodicity: Periodicity; tasks: string[] }>
  /** The year's visits of the plan's orders, in time order. */
  record: Array<{
    at: string
    timeZone: string
    machines: string
    order: string
    technician: string
    done: boolean
    reason: string
    checklist: Array<{ item: string; done: boolean }>
    report: string
  }>
}

type Words = {
  title: string
  subtitle: (plan: string, year: string, from: string, to: string) => string
  building: string
  buildingName: string
  address: string
  activity: string
  occupants: string
  floating: string
  area: string
  thermalLoad: string
  owner: string
  ownerName: string
  taxId: string
  phone: string
  engineer: string
  engineerName: string
  registration: string
  permit: string
  machines: string
  machine: string
  serial: string
  capacity: string
  location: string
  noMachines: string
  routine: string
  service: string
  periodicity: string
  tasks: string
  periodicities: Record<Periodicity, string>
  record: (year: string) => string
  date: string
  doneBy: string
  result: string
  done: string
  notDone: string
  noVisits: string
  report: string
  emergency: string
  emergencyAdvice: string
  signatures: [string, string]
  page: (i: number, n: number) => string
  ongoing: string
}

/** The PMOC's own words, its sections as the Portaria's annex numbers them. */
const PMOC: Words = {
  title: 'PMOC — Plano de Manutenção, Operação e Controle',
  subtitle: (plan, year, from, to) => `${plan} · Ano ${year} · Vigência: ${from} a ${to}`,
  building: '1. Identificação do ambiente ou conjunto de ambientes',
  buildingName: 'Nome (edifício/entidade)',
  address: 'Endereço completo',
  activity: 'Tipo de atividade',
  occupants: 'Nº de ocupantes fixos',
  floating: 'Nº de ocupantes flutuantes',
  area: 'Área climatizada total (m²)',
  thermalLoad: 'Carga térmica',
  owner: '2. Identificação do proprietário, locatário ou preposto',
  ownerName: 'Nome / razão social',
  taxId: 'CPF / CNPJ',
  phone: 'Telefone',
  engineer: '3. Identificação do responsável técnico',
  engineerName: 'Nome / razão social',
  registration: 'Registro no conselho de classe (CREA)',
  permit: 'ART',
  machines: '4. Relação dos equipamentos',
  machine: 'Equipamento',
  serial: 'Nº de série',
  capacity: 'Capacidade',
  location: 'Localização',
  noMachines: 'Nenhum equipamento no plano.',
  routine: '5. Plano de manutenção e controle',
  service: 'Serviço',
  periodicity: 'Periodicidade',
  tasks: 'Descrição das atividades',
  periodicities: { monthly: 'Mensal', quarterly: 'Trimestral', semiannual: 'Semestral', annual: 'Anual' },
  record: (year) => `6. Registro de execução — ${year}`,
  date: 'Data de execução',
  doneBy: 'Executado por',
  result: 'Atividades',
  done: 'Concluída',
  notDone: 'Não concluída',
  noVisits: 'Nenhuma execução registrada neste ano.',
  report: 'Relatório',
  emergency: '7. Recomendações aos usuários em situações de falha do equipamento e outras de emergência',
  emergencyAdvice:
    'Em caso de falha, ruído ou cheiro anormal, desligue o equipamento e comunique o responsável técnico. Não obstrua as grades de insuflamento e retorno. Mantenha portas e janelas fechadas com o sistema ligado. Em caso de incêndio, desligue o sistema de climatização e siga o plano de emergência do edifício.',
  signatures: ['Responsável técnico', 'Proprietário, locatário ou preposto'],
  page: (i, n) => `Página ${i} de ${n}`,
  ongoing: 'indeterminado',
}

/** The maintenance plan and log for companies outside Brazil, in the company's language. */
const GENERIC: Record<Culture, Words> = {
  en: {
    title: 'Maintenance plan and log',
    subtitle: (plan, year, from, to) => `${plan} · Year ${year} · In force: ${from} to ${to}`,
    building: '1. The building',
    buildingName: 'Name',
    address: 'Address',
    activity: 'Use',
    occupants: 'Occupants',
    floating: 'Visitors a day',
    area: 'Air-conditioned area (m²)',
    thermalLoad: 'Thermal load',
    owner: '2. The client',
    ownerName: 'Name',
    taxId: 'Tax id',
    phone: 'Phone',
    engineer: '3. The engineer responsible',
    engineerName: 'Name',
    registration: 'Professional registration',
    permit: 'Responsibility record',
    machines: '4. The machines',
    machine: 'Machine',
    serial: 'Serial number',
    capacity: 'Capacity',
    location: 'Location',
    noMachines: 'No machine in the plan.',
    routine: '5. The maintenance routine',
    service: 'Service',
    periodicity: 'How often',
    tasks: 'Tasks',
    periodicities: { monthly: 'Monthly', quarterly: 'Quarterly', semiannual: 'Every six months', annual: 'Yearly' },
    record: (year) => `6. Maintenance log — ${year}`,
    date: 'Date',
    doneBy: 'Done by',
    result: 'Tasks',
    done: 'Completed',
    notDone: 'Not completed',
    noVisits: 'No visit recorded this year.',
    report: 'Report',
    emergency: '7. What to do when a machine fails, and in an emergency',
    emergencyAdvice:
      'If a machine fails, makes an unusual noise or smell, switch it off and call the company. Keep the air grilles clear. Keep doors and windows closed while the system runs. In a fire, switch the air conditioning off and follow the building’s emergency plan.',
    signatures: ['Engineer responsible', 'Client'],
    page: (i, n) => `Page ${i} of ${n}`,
    ongoing: 'no end set',
  },
  es: {
    title: 'Plan y registro de mantenimiento',
    subtitle: (plan, year, from, to) => `${plan} · Año ${year} · Vigencia: ${from} a ${to}`,
    building: '1. El edificio',
    buildingName: 'Nombre',
    address: 'Dirección',
    activity: 'Uso',
    occupants: 'Ocupantes',
    floating: 'Visitantes por día',
    area: 'Área climatizada (m²)',
    thermalLoad: 'Carga térmica',
    owner: '2. El cliente',
    ownerName: 'Nombre',
    taxId: 'Identificación fiscal',
    phone: 'Teléfono',
    engineer: '3. El ingeniero responsable',
    engineerName: 'Nombre',
    registration: 'Matrícula profesional',
    permit: 'Registro de responsabilidad',
    machines: '4. Los equipos',
    machine: 'Equipo',
    serial: 'Nº de serie',
    capacity: 'Capacidad',
    location: 'Ubicación',
    noMachines: 'Ningún equipo en el plan.',
    routine: '5. La rutina de mantenimiento',
    service: 'Servicio',
    periodicity: 'Frecuencia',
    tasks: 'Tareas',
    periodicities: { monthly: 'Mensual', quarterly: 'Trimestral', semiannual: 'Semestral', annual: 'Anual' },
    record: (year) => `6. Registro de mantenimiento — ${year}`,
    date: 'Fecha',
    doneBy: 'Realizado por',
    result: 'Tareas',
    done: 'Completada',
    notDone: 'No completada',
    noVisits: 'Ninguna visita registrada este año.',
    report: 'Informe',
    emergency: '7. Qué hacer cuando un equipo falla, y en una emergencia',
    emergencyAdvice:
      'Si un equipo falla, hace un ruido o un olor anormal, apáguelo y llame a la empresa. Mantenga libres las rejillas de aire. Mantenga puertas y ventanas cerradas con el sistema encendido. En un incendio, apague la climatización y siga el plan de emergencia del edificio.',
    signatures: ['Ingeniero responsable', 'Cliente'],
    page: (i, n) => `Página ${i} de ${n}`,
    ongoing: 'sin fin fijado',
  },
  pt: {
    title: 'Plano e registro de manutenção',
    subtitle: (plan, year, from, to) => `${plan} · Ano ${year} · Vigência: ${from} a ${to}`,
    building: '1. O edifício',
    buildingName: 'Nome',
    address: 'Endereço',
    activity: 'Uso',
    occupants: 'Ocupantes',
    floating: 'Visitantes por dia',
    area: 'Área climatizada (m²)',
    thermalLoad: 'Carga térmica',
    owner: '2. O cliente',
    ownerName: 'Nome',
    taxId: 'Identificação fiscal',
    phone: 'Telefone',
    engineer: '3. O engenheiro responsável',
    engineerName: 'Nome',
    registration: 'Registro profissional',
    permit: 'Registro de responsabilidade',
    machines: '4. Os equipamentos',
    machine: 'Equipamento',
    serial: 'Nº de série',
    capacity: 'Capacidade',
    location: 'Localização',
    noMachines: 'Nenhum equipamento no plano.',
    routine: '5. A rotina de manutenção',
    service: 'Serviço',
    periodicity: 'Periodicidade',
    tasks: 'Atividades',
    periodicities: { monthly: 'Mensal', quarterly: 'Trimestral', semiannual: 'Semestral', annual: 'Anual' },
    record: (year) => `6. Registro de manutenção — ${year}`,
    date: 'Data',
    doneBy: 'Executado por',
    result: 'Atividades',
    done: 'Concluída',
    notDone: 'Não concluída',
    noVisits: 'Nenhuma visita registrada neste ano.',
    report: 'Relatório',
    emergency: '7. O que fazer quando um equipamento falha, e numa emergência',
    emergencyAdvice: PMOC.emergencyAdvice,
    signatures: ['Engenheiro responsável', 'Cliente'],
    page: (i, n) => `Página ${i} de ${n}`,
    ongoing: 'sem fim definido',
  },
}

/** The words of a layout: the PMOC's are Portuguese whatever the company's language. */
export const planWords = (layout: PlanDocument['layout'], culture: Culture) =>
  layout === 'pmoc' ? PMOC : GENERIC[culture]

/**
 * A maintenance plan as an A4 PDF (docs/domain.md maintenance plans): the PMOC as the annex of
 * Portaria MS 3.523/1998 lays it out — the building, its owner, the engineer responsible, the
 * machines, the routine of each with its periodicity — then the year's execution record filled by
 * the technicians' visits (the day, who, each checklist item), the advice for failures and
 * emergencies and the signatures. Outside Brazil the same plan prints as a maintenance plan and
 * log in the company's language.
 */
export function renderPlanPdf(printed: PlanDocument, signal: AbortSignal) {
  const W = planWords(printed.layout, printed.culture)
  const culture = printed.layout === 'pmoc' ? 'pt' : printed.culture
  const locale = CULTURES[culture]
  const day = (d: string) => formatDay(d, locale, 'numeric')
  const number = numberFormat(locale, { maximumFractionDigits: 2 })
  const count = (n: number) => (n ? number.format(n) : '')
  const { plan } = printed
  const register: PrintedRegister = {
    culture,
    company: printed.company,
    logo: printed.logo,
    title: W.title,
    subtitle: [W.subtitle(plan.name, printed.year, day(plan.startsOn), plan.endsOn ? day(plan.endsOn) : W.ongoing)],
    footer: `${printed.company.name} · ${plan.name} · ${printed.year}`,
    page: W.page,
    sections: [
      {
        heading: W.building,
        pairs: [
          [W.buildingName, plan.building || printed.client.name],
          [W.address, printed.site],
          [W.activity, plan.activity],
          [W.occupants, count(plan.occupants)],
          [W.floating, count(plan.floatingOccupants)],
          [W.area, count(plan.area)],
          [W.thermalLoad, plan.thermalLoad],
        ],
      },
      {
        heading: W.owner,
        pairs: [
          [W.ownerName, printed.client.name],
          [W.taxId, printed.client.taxId],
          [W.address, printed.client.address],
          [W.phone, printed.client.phone],
        ],
      },
      {
        heading: W.engineer,
        pairs: [
          [W.engineerName, plan.engineerName],
          [W.registration, plan.engineerRegistration],
          [W.permit, plan.engineerPermit],
        ],
      },
      {
        heading: W.machines,
        table: {
          columns: [
            { label: W.machine, share: 3 },
            { label: W.serial, share: 2 },
            { label: W.capacity, share: 1.5 },
            { label: W.location, share: 2.5 },
          ],
          rows: printed.machines.map((m) => [m.name, m.serialNumber, m.capacity, m.location]),
          empty: W.noMachines,
        },
      },
      {
        heading: W.routine,
        table: {
          columns: [
            { label: W.machine, share: 2.5 },
            { label: W.service, share: 2 },
            { label: W.periodicity, share: 1.3 },
            { label: W.tasks, share: 4 },
          ],
          rows: printed.routine.map((r) => [
            r.machine,
            r.service,
            W.periodicities[r.periodicity],
            r.tasks.map((t) => `• ${t}`).join('\n'),
          ]),
          empty: W.noMachines,
        },
      },
      {
        heading: W.record(printed.year),
        table: {
          columns: [
            { label: W.date, share: 1.4 },
            { label: W.machine, share: 2.4 },
            { label: W.doneBy, share: 1.6 },
            { label: W.result, share: 4.6 },
          ],
          rows: printed.record.map((v) => [
            dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: v.timeZone }).format(
              new Date(v.at),
            ),
            `${v.machines}\n${v.order}`,
            v.technician,
            [
              v.done ? W.done : `${W.notDone}${v.reason ? `: ${v.reason}` : ''}`,
              ...v.checklist.map((c) => `${c.done ? '[x]' : '[  ]'} ${c.item}`),
              ...(v.report ? [`${W.report}: ${v.report}`] : []),
            ].join('\n'),
          ]),
          empty: W.noVisits,
        },
      },
      { heading: W.emergency, text: [plan.emergencyNotes || W.emergencyAdvice] },
      { heading: '', signatures: [...W.signatures] },
    ],
  }
  return renderRegisterPdf(signal, register)
}
