import type { Culture } from '../domain/cultures.ts'

// The demo's tasks in each language (issue 17 §4: demo data in the company's language).
// Stored data, not interface text: a record keeps the language it was written in. The demo's
// panels are not here: they are read in the reader's language (domain/panel-texts.ts).

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
