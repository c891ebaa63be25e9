import type { Culture } from '../domain/cultures.ts'

// The demo's panels and tasks in each language (issue 17 §4: demo data in the company's language).
// Stored data, not interface text: a record keeps the language it was written in.

/** The 9 demo messages' texts, in the order of their senders. */
export const MESSAGE_TEXTS: Record<Culture, readonly string[]> = {
  en: [
    "Can you confirm tomorrow's visit at the Jardins site?",
    'The compressor for order OS-2026-000114 arrived.',
    'Client approved the quote for the rooftop units.',
    "I'll be 20 minutes late to the Moema job.",
    'Please review my timesheet for last week.',
    'Need a second technician on the warehouse job.',
    'Invoice 2026-000032 was paid by transfer.',
    'Parts list for the chiller maintenance attached.',
    'Thanks for the quick fix yesterday!',
  ],
  es: [
    '¿Puedes confirmar la visita de mañana en el sitio de Jardins?',
    'Llegó el compresor de la orden OS-2026-000114.',
    'El cliente aprobó la cotización de los equipos de la azotea.',
    'Llegaré 20 minutos tarde al trabajo de Moema.',
    'Por favor, revisa mi hoja de horas de la semana pasada.',
    'Hace falta un segundo técnico en el trabajo del almacén.',
    'La factura 2026-000032 se pagó por transferencia.',
    'Adjunto la lista de piezas para el mantenimiento del chiller.',
    '¡Gracias por la reparación rápida de ayer!',
  ],
  pt: [
    'Pode confirmar a visita de amanhã no endereço dos Jardins?',
    'O compressor da ordem OS-2026-000114 chegou.',
    'O cliente aprovou o orçamento das unidades da cobertura.',
    'Vou chegar 20 minutos atrasado no serviço em Moema.',
    'Por favor, revise minha folha de horas da semana passada.',
    'Precisamos de um segundo técnico no serviço do galpão.',
    'A fatura 2026-000032 foi paga por transferência.',
    'Segue a lista de peças da manutenção do chiller.',
    'Obrigada pelo conserto rápido de ontem!',
  ],
}

/** The 10 demo notifications' titles and texts. */
export const NOTIFICATION_TEXTS: Record<Culture, ReadonlyArray<readonly [string, string]>> = {
  en: [
    ['Daily summary', 'Your daily visit summary is ready'],
    ['New message', 'You have 3 unread messages'],
    ['Order completed', 'OS-2026-000109 was marked completed'],
    ['Visit scheduled', 'Tomorrow 09:00 at Pinheiros'],
    ['Payment received', 'Invoice 2026-000030 was paid'],
    ['Overdue invoice', 'Invoice 2026-000021 is overdue'],
    ['New client', 'Clínica Sorriso was added'],
    ['Quote approved', 'Quote ORC-SAO-2026-000020 was approved'],
    ['Help', 'Answers to common questions'],
    ['Checklist updated', 'The HVAC checklist has 2 new items'],
  ],
  es: [
    ['Resumen del día', 'Tu resumen de visitas del día está listo'],
    ['Mensaje nuevo', 'Tienes 3 mensajes sin leer'],
    ['Orden completada', 'OS-2026-000109 se marcó como completada'],
    ['Visita programada', 'Mañana a las 09:00 en Pinheiros'],
    ['Pago recibido', 'La factura 2026-000030 fue pagada'],
    ['Factura vencida', 'La factura 2026-000021 está vencida'],
    ['Cliente nuevo', 'Se agregó Clínica Sorriso'],
    ['Cotización aprobada', 'La cotización ORC-SAO-2026-000020 fue aprobada'],
    ['Ayuda', 'Respuestas a las preguntas frecuentes'],
    ['Checklist actualizado', 'El checklist de climatización tiene 2 ítems nuevos'],
  ],
  pt: [
    ['Resumo do dia', 'Seu resumo de visitas do dia está pronto'],
    ['Nova mensagem', 'Você tem 3 mensagens não lidas'],
    ['Ordem concluída', 'OS-2026-000109 foi marcada como concluída'],
    ['Visita agendada', 'Amanhã às 09:00 em Pinheiros'],
    ['Pagamento recebido', 'A fatura 2026-000030 foi paga'],
    ['Fatura vencida', 'A fatura 2026-000021 está vencida'],
    ['Novo cliente', 'Clínica Sorriso foi cadastrada'],
    ['Orçamento aprovado', 'O orçamento ORC-SAO-2026-000020 foi aprovado'],
    ['Ajuda', 'Respostas às perguntas frequentes'],
    ['Checklist atualizado', 'O checklist de climatização tem 2 itens novos'],
  ],
}

/** The 8 demo shortcuts' labels and descriptions. */
export const SHORTCUT_TEXTS: Record<Culture, ReadonlyArray<readonly [string, string]>> = {
  en: [
    ['Home', 'Your day at a glance'],
    ['Clients', 'Client list'],
    ['Quotes', 'Quotes and approvals'],
    ['Service orders', 'Open service orders'],
    ['Schedule', "Technicians' calendar"],
    ['Invoices', 'Issued and overdue invoices'],
    ['Reports', 'Revenue and productivity'],
    ['Help', 'Answers to common questions'],
  ],
  es: [
    ['Inicio', 'Tu día de un vistazo'],
    ['Clientes', 'Lista de clientes'],
    ['Cotizaciones', 'Cotizaciones y aprobaciones'],
    ['Órdenes de servicio', 'Órdenes de servicio abiertas'],
    ['Agenda', 'Calendario de los técnicos'],
    ['Facturas', 'Facturas emitidas y vencidas'],
    ['Informes', 'Ingresos y productividad'],
    ['Ayuda', 'Respuestas a las preguntas frecuentes'],
  ],
  pt: [
    ['Início', 'Seu dia num relance'],
    ['Clientes', 'Lista de clientes'],
    ['Orçamentos', 'Orçamentos e aprovações'],
    ['Ordens de serviço', 'Ordens de serviço abertas'],
    ['Agenda', 'Calendário dos técnicos'],
    ['Faturas', 'Faturas emitidas e vencidas'],
    ['Relatórios', 'Receita e produtividade'],
    ['Ajuda', 'Respostas às perguntas frequentes'],
  ],
}

/** The demo tasks' titles, their three sections, and how notes and steps are worded. */
export const TASK_TEXTS: Record<
  Culture,
  {
    titles: readonly string[]
    sections: readonly [string, string, string]
    notes: (title: string) => string
    step: (n: number) => string
  }
> = {
  en: {
    titles: [
      "Plan next week's routes",
      'Call Hotel Aurora about the chiller',
      'Order compressor parts',
      'Review open quotes',
      'Update the HVAC checklist',
      'Send overdue invoice reminders',
      'Train the new technician',
      'Check van maintenance',
      'Renew the software licences',
      'Prepare the monthly report',
    ],
    sections: ['Today', 'This week', 'Later'],
    notes: (title) => `Notes for "${title}": check with the dispatcher first.`,
    step: (n) => `Step ${n}`,
  },
  es: {
    titles: [
      'Planificar las rutas de la próxima semana',
      'Llamar al Hotel Aurora por el chiller',
      'Pedir piezas del compresor',
      'Revisar las cotizaciones abiertas',
      'Actualizar el checklist de climatización',
      'Enviar recordatorios de facturas vencidas',
      'Capacitar al técnico nuevo',
      'Revisar el mantenimiento de la camioneta',
      'Renovar las licencias de software',
      'Preparar el informe mensual',
    ],
    sections: ['Hoy', 'Esta semana', 'Más adelante'],
    notes: (title) => `Notas para "${title}": consultar primero con el despachador.`,
    step: (n) => `Paso ${n}`,
  },
  pt: {
    titles: [
      'Planejar as rotas da próxima semana',
      'Ligar para o Hotel Aurora sobre o chiller',
      'Pedir peças do compressor',
      'Revisar os orçamentos em aberto',
      'Atualizar o checklist de climatização',
      'Enviar lembretes de faturas vencidas',
      'Treinar o técnico novo',
      'Verificar a manutenção da van',
      'Renovar as licenças de software',
      'Preparar o relatório mensal',
    ],
    sections: ['Hoje', 'Esta semana', 'Depois'],
    notes: (title) => `Notas para "${title}": confirmar antes com o despacho.`,
    step: (n) => `Etapa ${n}`,
  },
}
