import { CULTURES, type Culture } from './cultures.ts'
import { formatDay } from './dates.ts'
import type { Message, Shortcut } from './schemas/common-panels.ts'

/**
 * What the system writes on a person's panels (a notice, the demo's messages, notifications and
 * shortcuts) is stored as the key of its words and the values they take, and put into words in the
 * reader's language each time it is read (docs/shell.md §3): a reader who changes language reads it
 * in the new one. What a person typed is stored as typed and read as typed.
 */
export type PanelText = { key: PanelTextKey; values?: Record<string, string> }

type Words = Record<Culture, readonly [title: string, description: string]>

/** The words of each key, with `{name}` where a value goes: a title (a shortcut's label) and a description. */
const PANEL_TEXTS = {
  // issue 28 §4: a client answered a quote on its link
  notice_quote_approved: {
    en: ['Quote approved', '{client} approved quote {number}: it can become a service order.'],
    es: ['Cotización aprobada', '{client} aprobó la cotización {number}: puede convertirse en orden de servicio.'],
    pt: ['Orçamento aprovado', '{client} aprovou o orçamento {number}: ele pode virar uma ordem de serviço.'],
  },
  notice_quote_rejected: {
    en: ['Quote rejected', '{client} rejected quote {number}.'],
    es: ['Cotización rechazada', '{client} rechazó la cotización {number}.'],
    pt: ['Orçamento recusado', '{client} recusou o orçamento {number}.'],
  },
  // "On my way" could not reach the client (docs/domain.md cd_techorders)
  notice_visit_not_sent: {
    en: ['Client not told', '{tech} is on the way ({order}), but the e-mail could not be sent: call the client.'],
    es: ['Cliente sin aviso', '{tech} está en camino ({order}), pero el correo no se pudo enviar: llame al cliente.'],
    pt: [
      'Cliente sem aviso',
      '{tech} está a caminho ({order}), mas o e-mail não pôde ser enviado: ligue para o cliente.',
    ],
  },
  notice_visit_no_email: {
    en: ['Client not told', '{tech} is on the way ({order}), but the client has no e-mail: call them.'],
    es: ['Cliente sin aviso', '{tech} está en camino ({order}), pero el cliente no tiene correo: llámelo.'],
    pt: ['Cliente sem aviso', '{tech} está a caminho ({order}), mas o cliente não tem e-mail: ligue para ele.'],
  },
  // an order's last visit ended: the office bills it (docs/domain.md cd_ordem)
  notice_order_completed: {
    en: ['Order ready to invoice', 'Order {order} for {client} is completed: it waits for its invoice.'],
    es: ['Orden lista para facturar', 'La orden {order} de {client} está completada: espera su factura.'],
    pt: ['Ordem pronta para faturar', 'A ordem {order} de {client} foi concluída: aguarda sua fatura.'],
  },
  // a maintenance plan ends soon, or ended (docs/domain.md maintenance plans)
  notice_plan_ending: {
    en: ['Plan ending', '{plan} of {client} ends on {date}: renew it or let it end.'],
    es: ['Plan por terminar', '{plan} de {client} termina el {date}: renuévalo o déjalo terminar.'],
    pt: ['Plano terminando', '{plan} de {client} termina em {date}: renove-o ou deixe-o terminar.'],
  },
  notice_plan_ended: {
    en: ['Plan ended', '{plan} of {client} ended on {date}: it makes no more orders.'],
    es: ['Plan terminado', '{plan} de {client} terminó el {date}: ya no genera órdenes.'],
    pt: ['Plano encerrado', '{plan} de {client} terminou em {date}: não gera mais ordens.'],
  },
  // a product's stock in a branch fell under its minimum (docs/domain.md cd_produto)
  notice_stock_low: {
    en: ['Stock low', '{product}: {stock} left in {branch}, under the minimum of {minimum}.'],
    es: ['Stock bajo', '{product}: quedan {stock} en {branch}, por debajo del mínimo de {minimum}.'],
    pt: ['Estoque baixo', '{product}: restam {stock} em {branch}, abaixo do mínimo de {minimum}.'],
  },

  // The demo's 9 messages: the title is the sender's name
  demo_message_visit: {
    en: ['{from}', "Can you confirm tomorrow's visit at the Jardins site?"],
    es: ['{from}', '¿Puedes confirmar la visita de mañana en el sitio de Jardins?'],
    pt: ['{from}', 'Pode confirmar a visita de amanhã no endereço dos Jardins?'],
  },
  demo_message_compressor: {
    en: ['{from}', 'The compressor for order OS-2026-000114 arrived.'],
    es: ['{from}', 'Llegó el compresor de la orden OS-2026-000114.'],
    pt: ['{from}', 'O compressor da ordem OS-2026-000114 chegou.'],
  },
  demo_message_quote: {
    en: ['{from}', 'Client approved the quote for the rooftop units.'],
    es: ['{from}', 'El cliente aprobó la cotización de los equipos de la azotea.'],
    pt: ['{from}', 'O cliente aprovou o orçamento das unidades da cobertura.'],
  },
  demo_message_late: {
    en: ['{from}', "I'll be 20 minutes late to the Moema job."],
    es: ['{from}', 'Llegaré 20 minutos tarde al trabajo de Moema.'],
    pt: ['{from}', 'Vou chegar 20 minutos atrasado no serviço em Moema.'],
  },
  demo_message_timesheet: {
    en: ['{from}', 'Please review my timesheet for last week.'],
    es: ['{from}', 'Por favor, revisa mi hoja de horas de la semana pasada.'],
    pt: ['{from}', 'Por favor, revise minha folha de horas da semana passada.'],
  },
  demo_message_technician: {
    en: ['{from}', 'Need a second technician on the warehouse job.'],
    es: ['{from}', 'Hace falta un segundo técnico en el trabajo del almacén.'],
    pt: ['{from}', 'Precisamos de um segundo técnico no serviço do galpão.'],
  },
  demo_message_paid: {
    en: ['{from}', 'Invoice 2026-000032 was paid by transfer.'],
    es: ['{from}', 'La factura 2026-000032 se pagó por transferencia.'],
    pt: ['{from}', 'A fatura 2026-000032 foi paga por transferência.'],
  },
  demo_message_parts: {
    en: ['{from}', 'Parts list for the chiller maintenance attached.'],
    es: ['{from}', 'Adjunto la lista de piezas para el mantenimiento del chiller.'],
    pt: ['{from}', 'Segue a lista de peças da manutenção do chiller.'],
  },
  demo_message_thanks: {
    en: ['{from}', 'Thanks for the quick fix yesterday!'],
    es: ['{from}', '¡Gracias por la reparación rápida de ayer!'],
    pt: ['{from}', 'Obrigada pelo conserto rápido de ontem!'],
  },

  // The demo's 10 notifications
  demo_notice_summary: {
    en: ['Daily summary', 'Your daily visit summary is ready'],
    es: ['Resumen del día', 'Tu resumen de visitas del día está listo'],
    pt: ['Resumo do dia', 'Seu resumo de visitas do dia está pronto'],
  },
  demo_notice_messages: {
    en: ['New message', 'You have 3 unread messages'],
    es: ['Mensaje nuevo', 'Tienes 3 mensajes sin leer'],
    pt: ['Nova mensagem', 'Você tem 3 mensagens não lidas'],
  },
  demo_notice_order_completed: {
    en: ['Order completed', 'OS-2026-000109 was marked completed'],
    es: ['Orden completada', 'OS-2026-000109 se marcó como completada'],
    pt: ['Ordem concluída', 'OS-2026-000109 foi marcada como concluída'],
  },
  demo_notice_visit: {
    en: ['Visit scheduled', 'Tomorrow 09:00 at Pinheiros'],
    es: ['Visita programada', 'Mañana a las 09:00 en Pinheiros'],
    pt: ['Visita agendada', 'Amanhã às 09:00 em Pinheiros'],
  },
  demo_notice_paid: {
    en: ['Payment received', 'Invoice 2026-000030 was paid'],
    es: ['Pago recibido', 'La factura 2026-000030 fue pagada'],
    pt: ['Pagamento recebido', 'A fatura 2026-000030 foi paga'],
  },
  demo_notice_overdue: {
    en: ['Overdue invoice', 'Invoice 2026-000021 is overdue'],
    es: ['Factura vencida', 'La factura 2026-000021 está vencida'],
    pt: ['Fatura vencida', 'A fatura 2026-000021 está vencida'],
  },
  demo_notice_client: {
    en: ['New client', 'Clínica Sorriso was added'],
    es: ['Cliente nuevo', 'Se agregó Clínica Sorriso'],
    pt: ['Novo cliente', 'Clínica Sorriso foi cadastrada'],
  },
  demo_notice_quote: {
    en: ['Quote approved', 'Quote ORC-SAO-2026-000020 was approved'],
    es: ['Cotización aprobada', 'La cotización ORC-SAO-2026-000020 fue aprobada'],
    pt: ['Orçamento aprovado', 'O orçamento ORC-SAO-2026-000020 foi aprovado'],
  },
  demo_notice_help: {
    en: ['Help', 'Answers to common questions'],
    es: ['Ayuda', 'Respuestas a las preguntas frecuentes'],
    pt: ['Ajuda', 'Respostas às perguntas frequentes'],
  },
  demo_notice_checklist: {
    en: ['Checklist updated', 'The HVAC checklist has 2 new items'],
    es: ['Checklist actualizado', 'El checklist de climatización tiene 2 ítems nuevos'],
    pt: ['Checklist atualizado', 'O checklist de climatização tem 2 itens novos'],
  },

  // The demo's 8 shortcuts: a label and a description
  demo_shortcut_home: {
    en: ['Home', 'Your day at a glance'],
    es: ['Inicio', 'Tu día de un vistazo'],
    pt: ['Início', 'Seu dia num relance'],
  },
  demo_shortcut_clients: {
    en: ['Clients', 'Client list'],
    es: ['Clientes', 'Lista de clientes'],
    pt: ['Clientes', 'Lista de clientes'],
  },
  demo_shortcut_quotes: {
    en: ['Quotes', 'Quotes and approvals'],
    es: ['Cotizaciones', 'Cotizaciones y aprobaciones'],
    pt: ['Orçamentos', 'Orçamentos e aprovações'],
  },
  demo_shortcut_orders: {
    en: ['Service orders', 'Open service orders'],
    es: ['Órdenes de servicio', 'Órdenes de servicio abiertas'],
    pt: ['Ordens de serviço', 'Ordens de serviço abertas'],
  },
  demo_shortcut_schedule: {
    en: ['Schedule', "Technicians' calendar"],
    es: ['Agenda', 'Calendario de los técnicos'],
    pt: ['Agenda', 'Calendário dos técnicos'],
  },
  demo_shortcut_invoices: {
    en: ['Invoices', 'Issued and overdue invoices'],
    es: ['Facturas', 'Facturas emitidas y vencidas'],
    pt: ['Faturas', 'Faturas emitidas e vencidas'],
  },
  demo_shortcut_reports: {
    en: ['Reports', 'Revenue and productivity'],
    es: ['Informes', 'Ingresos y productividad'],
    pt: ['Relatórios', 'Receita e produtividade'],
  },
  demo_shortcut_help: {
    en: ['Help', 'Answers to common questions'],
    es: ['Ayuda', 'Respuestas a las preguntas frecuentes'],
    pt: ['Ajuda', 'Respostas às perguntas frequentes'],
  },
} satisfies Record<string, Words>

export type PanelTextKey = keyof typeof PANEL_TEXTS
/** A key as read back from storage: one this version may not know (written by a newer one). */
type StoredText = { key: string; values?: Record<string, string> }

/** The values put in a text: its `date` (a day, `2027-01-16`, as a notice stores it) is written as `culture` writes days. */
const fill = (template: string, culture: Culture, values: Record<string, string> = {}) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name] ?? ''
    const day = name === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    return day ? formatDay(value, CULTURES[culture], 'medium') : value
  })

/** A key's title and description in `culture`, with its values; null for a key the product does not know. */
export function panelWords(text: StoredText, culture: Culture): [title: string, description: string] | null {
  const words = Object.hasOwn(PANEL_TEXTS, text.key) ? (PANEL_TEXTS as Record<string, Words>)[text.key][culture] : null
  return words ? [fill(words[0], culture, text.values), fill(words[1], culture, text.values)] : null
}

/**
 * A message or notification as stored: the system's carry `text` (its key and values) in place of a
 * title and description; a person's, and those stored before keys were, carry the strings.
 */
export type StoredMessage = Omit<Message, 'title'> & { title?: string; text?: StoredText }
/** A shortcut as stored: a seeded one carries `text` in place of its label and description. */
export type StoredShortcut = Omit<Shortcut, 'label'> & { label?: string; text?: StoredText }

/** A stored message as its reader reads it: a keyed one put into words in their language. */
export function messageIn(stored: StoredMessage, culture: Culture): Message {
  const { text, ...rest } = stored
  const words = text ? panelWords(text, culture) : null
  // an unknown key (written by a newer version) shows what was stored beside it, else the key
  if (!words) return { ...rest, title: rest.title ?? text?.key ?? '' }
  return { ...rest, title: words[0], description: words[1] }
}

/** A stored shortcut as its reader reads it: a seeded one labelled in their language. */
export function shortcutIn(stored: StoredShortcut, culture: Culture): Shortcut {
  const { text, ...rest } = stored
  const words = text ? panelWords(text, culture) : null
  if (!words) return { ...rest, label: rest.label ?? text?.key ?? '' }
  return { ...rest, label: words[0], description: words[1] }
}

/**
 * A stored message changed by its reader: a change to its title or description makes it typed (the
 * words they read, with their change, kept as strings from now on); any other change (read, link ...)
 * keeps its key.
 */
export function messageChanged(stored: StoredMessage, changes: Partial<Message>, culture: Culture): StoredMessage {
  if (!stored.text || (changes.title === undefined && changes.description === undefined))
    return { ...stored, ...changes, id: stored.id }
  return { ...messageIn(stored, culture), ...changes, id: stored.id }
}

/** The same for a shortcut: a new label or description makes it the user's own. */
export function shortcutChanged(stored: StoredShortcut, changes: Partial<Shortcut>, culture: Culture): StoredShortcut {
  if (!stored.text || (changes.label === undefined && changes.description === undefined))
    return { ...stored, ...changes, id: stored.id }
  return { ...shortcutIn(stored, culture), ...changes, id: stored.id }
}

const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
/** A template as a pattern that finds its values back: "{client} rejected quote {number}." */
const pattern = (template: string) =>
  new RegExp(`^${escaped(template).replace(/\{(\w+)\}/g, (_, name: string) => `(?<${name}>.+?)`)}$`, 's')

/**
 * The key and values whose words (in any language) are exactly `title` and `description`, among the
 * keys that start with one of `prefixes`; null when none: what older versions stored as strings,
 * known again (storage/migrations.ts).
 */
export function textOfWords(title: string, description: string, prefixes: readonly string[]): PanelText | null {
  for (const [key, cultures] of Object.entries(PANEL_TEXTS) as Array<[PanelTextKey, Words]>) {
    if (!prefixes.some((p) => key.startsWith(p))) continue
    for (const [t, d] of Object.values(cultures)) {
      const a = pattern(t).exec(title)
      const b = a && pattern(d).exec(description)
      if (!a || !b) continue
      const values = { ...a.groups, ...b.groups }
      return Object.keys(values).length ? { key, values } : { key }
    }
  }
  return null
}
