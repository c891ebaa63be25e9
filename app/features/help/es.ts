import type { HelpContent } from './content'

// La ayuda en español: lo que el producto hace hoy, cada respuesta una vez (docs/shell.md "The in-app help").
export const es: HelpContent = [
  {
    id: 'getting-started',
    title: 'Primeros pasos: empresa, sucursales y equipo',
    questions: [
      {
        id: 'create-company',
        question: '¿Cómo empieza una empresa nueva a usar Fieldwise?',
        answer: [
          'Quien dirige la empresa se registra con su nombre, correo y contraseña, y el nombre, país, moneda, idioma, zona horaria y sucursal principal de la empresa. Llega un enlace a ese correo: al abrirlo y pulsar su botón se crea la empresa, con su sucursal principal y esa persona como administrador, y se inicia su sesión. Nada se crea antes de usar el enlace. Un servidor que una empresa opera para sí puede tener el registro cerrado: allí un administrador invita a cada persona.',
        ],
      },
      {
        id: 'first-steps',
        question: '¿Qué configuro primero?',
        answer: [
          'La [página de inicio](/view/home) muestra los primeros pasos de una empresa nueva: nombrar tu sucursal y su prefijo de numeración, invitar a tu equipo, agregar tu primer cliente, agregar los servicios que vendes y crear tu primera cotización. Cada paso abre su pantalla y se marca cuando está hecho.',
        ],
      },
      {
        id: 'company-settings',
        question: '¿Dónde cambio los datos de la empresa, la clave Pix y el plazo de pago?',
        answer: [
          'En [Empresas](/view/ac_empresas), abre tu empresa: nombre comercial y razón social, CNPJ, moneda, idioma, zona horaria, la clave Pix a la que pagan tus clientes, los días que tiene un cliente para pagar una factura y los días tras el vencimiento en que se recuerda una factura vencida.',
          'Para cambiar el logo impreso en cotizaciones y facturas, haz clic en el logo sobre tu nombre en el panel de navegación.',
        ],
      },
      {
        id: 'branches',
        question: '¿Cómo funcionan las sucursales?',
        answer: [
          '[Sucursales](/view/cd_filial) lista las sucursales de tu empresa; una es la principal. Cotizaciones, órdenes, visitas y facturas pertenecen a una sucursal, y sus números llevan su prefijo. Clientes y servicios son de todas las sucursales.',
          'Elige la sucursal en la que trabajas con el selector Empresa y sucursal, arriba en la página.',
        ],
      },
      {
        id: 'invite',
        question: '¿Cómo agrego a alguien a mi equipo?',
        answer: [
          'En Usuarios, [invita a una persona](/view/ac_usuarios/new): nombre, e-mail, idioma, rol y sucursal (o todas las sucursales). Recibe por e-mail un enlace para elegir su contraseña, válido una semana. Quien ya tiene cuenta ve la invitación en su página de inicio al entrar, y la acepta o la rechaza.',
          'El formulario empieza con la sucursal en la que trabajas y el idioma de la empresa, y te pide elegir el rol. Si el correo no llega (o no hay servidor de correo), abre la ficha de la persona: Obtener el enlace de invitación da un enlace para copiar y enviar tú mismo, y Enviar la invitación de nuevo envía uno nuevo por correo; cada enlace nuevo reemplaza a los anteriores. La página de la invitación habla el idioma de la persona.',
        ],
      },
      {
        id: 'roles',
        question: '¿Qué puede hacer cada rol?',
        answer: [
          'Un rol es un punto de partida de acceso a las páginas. Administrador: todo, también usuarios y acceso a páginas. Gerente: todas las pantallas de trabajo, la empresa y sus sucursales. Despachador: clientes, cotizaciones, órdenes y el tablero de agenda. Técnico: sus propias visitas, y consulta clientes, servicios y órdenes. Finanzas: facturas, y consulta clientes y órdenes.',
          'Para cambiar el acceso de una persona a una página, ábrela en [Usuarios](/view/ac_usuarios) y elige Acceso a páginas.',
        ],
      },
      {
        id: 'no-access',
        question: 'Una página dice "Acceso denegado". ¿Y ahora?',
        answer: ['Tu rol no incluye esa página. Pide acceso a un administrador de tu empresa.'],
      },
    ],
  },
  {
    id: 'clients-jobs',
    title: 'Clientes y el catálogo de servicios',
    questions: [
      {
        id: 'new-client',
        question: '¿Cómo agrego un cliente?',
        answer: [
          'En [Clientes](/view/cd_cliente/new): una persona (CPF) o una empresa (CNPJ), que se verifica al guardar; e-mails y teléfonos; una o más direcciones de servicio, una de ellas la predeterminada; y una dirección de facturación cuando es otra. El cliente es de la empresa y se ve desde todas las sucursales.',
        ],
      },
      {
        id: 'client-history',
        question: '¿Dónde veo las cotizaciones, las facturas y lo que debe un cliente?',
        answer: [
          'Abre el cliente en [Clientes](/view/cd_cliente): sus cotizaciones y facturas aparecen debajo del formulario, con lo que debe y lo que está vencido.',
        ],
      },
      {
        id: 'remove-client',
        question: '¿Puedo eliminar un cliente?',
        answer: [
          'Un cliente se desactiva, no se elimina, así sus cotizaciones, órdenes y facturas se conservan. Mostrar inactivos en la lista lo encuentra de nuevo, y Activar lo trae de vuelta.',
        ],
      },
      {
        id: 'jobs',
        question: '¿Qué es el catálogo de servicios?',
        answer: [
          '[Servicios](/view/cd_job) son lo que vendes: código, nombre, unidad (hora, unidad o visita), precio unitario, impuesto %, minutos estimados, las habilidades que requiere y una lista de verificación que el técnico marca en el lugar. Una línea de cotización, orden o factura elige un servicio por su código o nombre y toma su descripción y su precio.',
        ],
      },
      {
        id: 'no-portal',
        question: '¿Los clientes tienen una cuenta o un portal?',
        answer: [
          'No. Los clientes no inician sesión: cada cotización y cada factura que envías tiene su propio enlace, donde el cliente la lee, responde la cotización o paga la factura, y descarga el PDF.',
        ],
      },
    ],
  },
  {
    id: 'quotes',
    title: 'Cotizaciones y la aprobación del cliente',
    questions: [
      {
        id: 'new-quote',
        question: '¿Cómo hago una cotización?',
        answer: [
          'En [Cotizaciones](/view/cd_cotacao/new): elige el cliente, la dirección del servicio y las líneas — un servicio del catálogo, o una línea de texto libre con su propia descripción y precio. Marca una línea como Opcional para ofrecerla: cuenta en el total solo cuando el cliente la elige. Sin fecha, Válida hasta es de 30 días.',
          'Solo un borrador se puede cambiar. Imprime o descarga el PDF desde la cotización.',
        ],
      },
      {
        id: 'send-quote',
        question: '¿Cómo aprueba el cliente una cotización?',
        answer: [
          'Enviar al cliente crea el enlace de la cotización. Se envía por e-mail en el idioma del cliente cuando el cliente tiene e-mail y hay un servidor de correo configurado; si no, Copiar el enlace del cliente da el enlace para enviarlo como prefieras, y Compartir por WhatsApp abre un chat con el número del cliente marcado WhatsApp (si no, su celular).',
          'En el enlace el cliente marca los ítems opcionales que quiere, escribe su nombre y aprueba, o rechaza, indicando el motivo si quiere. La cotización cambia al instante, con su nombre y la hora.',
        ],
      },
      {
        id: 'phone-answer',
        question: 'El cliente respondió por teléfono. ¿Qué hago?',
        answer: ['Abre la cotización enviada y elige Marcar aprobada o Marcar rechazada.'],
      },
      {
        id: 'change-sent',
        question: '¿Cómo cambio una cotización ya enviada, o vencida?',
        answer: [
          'Retírala: el enlace deja de abrir, la cotización vuelve a ser borrador, y la cambias y la envías de nuevo. Una cotización vence cuando pasa su fecha Válida hasta sin respuesta; Duplicar crea un borrador nuevo con el mismo cliente y las mismas líneas, desde cualquier cotización.',
        ],
      },
      {
        id: 'convert',
        question: '¿Cómo se convierte una cotización aprobada en orden de servicio?',
        answer: [
          'Ábrela y elige Convertir en orden de servicio: la orden recibe las líneas que el cliente compró, y la cotización y la orden quedan enlazadas. La [página de inicio](/view/home) muestra las cotizaciones aprobadas por convertir y las que esperan respuesta.',
        ],
      },
    ],
  },
  {
    id: 'orders',
    title: 'Órdenes de servicio y el tablero de agenda',
    questions: [
      {
        id: 'new-order',
        question: '¿Cómo creo una orden de servicio sin cotización?',
        answer: [
          'En [Órdenes de servicio](/view/cd_ordem/new): cliente, dirección del servicio, prioridad, el problema informado, instrucciones para el técnico, días de garantía y las líneas.',
        ],
      },
      {
        id: 'order-status',
        question: '¿Qué significan los estados de una orden?',
        answer: [
          'Nueva: espera una fecha. Agendada: hay una visita reservada. En curso: un técnico empezó. Completada: todas las visitas terminaron. Facturada: su factura está hecha. Siguen al tablero y a las visitas; no los cambias a mano.',
          'Puedes Poner en espera una orden abierta (esperando repuestos, al cliente o una aprobación) y Reanudar, o Cancelar la orden antes de facturarla.',
        ],
      },
      {
        id: 'schedule',
        question: '¿Cómo agendo una visita?',
        answer: [
          'En [Agenda](/view/cd_ordemagendamento), las órdenes que esperan fecha están en la bandeja. Arrastra una al horario de un técnico, o elige Programar e indica el técnico, la fecha, el inicio y el fin. El tablero tiene las vistas Día y Semana, y todo tablero abierto muestra un cambio en segundos.',
          'El tablero lista los técnicos de la sucursal: da a alguien el rol Técnico en [Usuarios](/view/ac_usuarios) para verlo allí.',
        ],
      },
      {
        id: 'conflict',
        question: '¿Y si el técnico ya está ocupado?',
        answer: [
          'Dos visitas del mismo técnico no pueden superponerse: el tablero nombra la otra visita, y puedes elegir Programar igual. Reservar fuera de su horario de trabajo, o sin una habilidad que la orden requiere, se muestra como aviso. El color del técnico en el tablero, sus habilidades, su semana y su horario de trabajo se definen en él en [Usuarios](/view/ac_usuarios).',
        ],
      },
      {
        id: 'move-visit',
        question: '¿Cómo muevo o cancelo una visita?',
        answer: [
          'Abre la visita en el tablero y elige Mover, o Cancelar visita para liberar el tiempo del técnico. Cuando una visita ya empezó, solo puede cambiar su fin.',
        ],
      },
    ],
  },
  {
    id: 'technician',
    title: 'El día del técnico',
    questions: [
      {
        id: 'my-day',
        question: '¿Dónde veo mis visitas?',
        answer: [
          'Tu [página de inicio](/view/home) muestra tu día, y [Trabajo técnico](/view/cd_techorders) lista las visitas de hoy a dos semanas. Una visita muestra el cliente, la dirección (que abre el mapa), el teléfono, el problema informado y las instrucciones.',
        ],
      },
      {
        id: 'visit-steps',
        question: '¿Qué botones uso durante una visita?',
        answer: [
          'Voy en camino (el cliente recibe un e-mail de que vas; si no se puede, se avisa a la oficina), Llegué al lugar (empieza el tiempo en el lugar), Pausar y Reanudar el trabajo, y Terminé (termina el tiempo en el lugar).',
          'Cuando el trabajo no se puede terminar, elige No se pudo completar e indica el motivo: la orden vuelve a esperar una nueva fecha.',
        ],
      },
      {
        id: 'visit-record',
        question: '¿Qué registro en el lugar?',
        answer: [
          'Marca la lista de verificación, escribe el informe del trabajo, agrega las piezas usadas (los productos de la empresa, a su precio), agrega fotos de antes y después, y pide al cliente que firme en el recuadro con el dedo. Terminé te avisa cuando falta la lista o la firma.',
          'Cuando todas las visitas de una orden terminan, la orden queda completada; el PDF de la orden de trabajo muestra el trabajo de cada visita y la firma.',
        ],
      },
      {
        id: 'visit-fix',
        question: 'Los horarios de una visita están mal. ¿Quién los corrige?',
        answer: [
          'Cuando la visita terminó, el técnico ya no puede cambiarla. La oficina la abre (desde las Visitas de la orden) y usa Corregir los horarios; el historial de la visita guarda el cambio.',
        ],
      },
    ],
  },
  {
    id: 'invoices',
    title: 'Facturas y pagos',
    questions: [
      {
        id: 'make-invoice',
        question: '¿Cómo facturo un trabajo terminado?',
        answer: [
          'Abre la orden completada en [Órdenes de servicio](/view/cd_ordem) y elige Facturar: se crea una factura en borrador con sus líneas, las piezas usadas y cada visita. Para facturar varias órdenes de un cliente a la vez, crea una factura en [Facturas](/view/cd_invoice/new), elige el cliente y marca sus órdenes terminadas en Órdenes a facturar; o hazla a mano solo con líneas.',
          'Revisa el borrador y elige Emitir: recibe la fecha de hoy y su vencimiento (el que escribiste, o los días para pagar de la empresa).',
        ],
      },
      {
        id: 'send-invoice',
        question: '¿Cómo recibe el cliente la factura?',
        answer: [
          'Enviar al cliente manda el enlace de la factura por e-mail cuando se puede; si no, Copiar el enlace del cliente, o Compartir por WhatsApp al número de WhatsApp o celular del cliente. En el enlace el cliente ve la factura, lo que falta pagar y las formas de pago, y descarga el PDF.',
        ],
      },
      {
        id: 'pix',
        question: '¿Los clientes pueden pagar con Pix?',
        answer: [
          'Sí, cuando tu empresa tiene una clave Pix (en [Empresas](/view/ac_empresas)) y la factura es en reales: el enlace del cliente y el PDF muestran un código QR de Pix y el código para copiar y pegar del monto pendiente.',
          'Ningún banco está conectado a la aplicación: cuando el Pix llega a tu cuenta, regístralo como pago.',
        ],
      },
      {
        id: 'card',
        question: '¿Los clientes pueden pagar con tarjeta?',
        answer: [
          'Solo cuando quien administra tu servidor configuró un proveedor de pagos con tarjeta. Entonces el enlace ofrece pagar con tarjeta, y un pago confirmado por el proveedor se registra solo en la factura.',
        ],
      },
      {
        id: 'boleto',
        question: '¿La aplicación emite boletos o lee mi cuenta bancaria?',
        answer: [
          'No. No emite boletos y no está conectada a ningún banco. Boleto es uno de los métodos que eliges al registrar un pago que recibiste.',
        ],
      },
      {
        id: 'record-payment',
        question: '¿Cómo registro un pago?',
        answer: [
          'Abre la factura en [Facturas](/view/cd_invoice) y usa Registrar un pago: monto, método (efectivo, tarjeta, Pix, transferencia o boleto), fecha (hoy si está vacía, nunca en el futuro) y una referencia. Una factura admite varios pagos, nunca más de lo pendiente; pasa a pagada en parte y luego a pagada.',
          'Un pago equivocado se revierte con un motivo, nunca se borra.',
        ],
      },
      {
        id: 'overdue',
        question: '¿Qué pasa cuando una factura vence?',
        answer: [
          'Tras su vencimiento aparece como Vencida, y la [página de inicio](/view/home) la muestra. Cuando tu empresa tiene días de recordatorio (como 1, 7, 14, en [Empresas](/view/ac_empresas)), el cliente recibe por e-mail el enlace de la factura una vez en cada uno de esos días tras el vencimiento; la factura lista cada recordatorio.',
        ],
      },
      {
        id: 'void',
        question: '¿Cómo cancelo una factura?',
        answer: [
          'Anúlala con un motivo, mientras no tenga nada pagado (revierte antes sus pagos). Sus órdenes se pueden facturar de nuevo.',
        ],
      },
    ],
  },
  {
    id: 'money',
    title: 'Cuentas, gastos e informes',
    questions: [
      {
        id: 'accounts',
        question: '¿Adónde va el dinero que recibo?',
        answer: [
          'A sus [Cuentas](/view/cd_contas): la caja, el banco, la adquirente de tarjetas… cada una con los medios de pago que recibe por defecto. Al registrar un pago, elija su cuenta o deje la cuenta por defecto de su medio.',
          'El saldo de una cuenta es su saldo inicial más lo que entró menos lo que salió; nunca se escribe a mano.',
        ],
      },
      {
        id: 'statement',
        question: '¿Cómo muevo dinero entre cuentas y las concilio con el banco?',
        answer: [
          'En la página de una cuenta, Mover dinero a otra cuenta saca un importe de ella y lo pone en la otra (de la caja al banco): un saldo baja y el otro sube. Una transferencia hecha por error se deshace con otra de vuelta.',
          'En Extracto bancario, importe el archivo OFX que exporta su banco. Cada línea muestra el cobro, la factura a pagar o la transferencia del mismo importe registrada en un plazo de tres días: Confirmar. Una línea sin coincidencia se registra como cobro de una factura abierta o como factura pagada (una comisión del banco). Una línea importada antes lo indica y no se toma dos veces.',
        ],
      },
      {
        id: 'bills',
        question: '¿Cómo llevo las cuentas que tengo que pagar?',
        answer: [
          'Agréguelas en [Finanzas](/view/cd_financeiro/new): proveedor, categoría, monto, vencimiento y si se repite cada mes o cada año. Una cuenta abierta con el vencimiento pasado aparece como Vencida.',
          'Pagar esta cuenta registra el día y la cuenta de la que salió el dinero. Una cuenta mensual o anual crea entonces la siguiente sola. Una cuenta cargada por error se anula con un motivo.',
          'En la página de la cuenta, adjunte la factura misma: un PDF o una foto tomada con el teléfono.',
        ],
      },
      {
        id: 'reports',
        question: '¿Dónde veo los ingresos, lo que deben los clientes y el flujo de caja?',
        answer: [
          'En [Informes](/view/cd_reports): los ingresos mes a mes del periodo que elija, lo que debe cada cliente según su atraso el flujo de caja por mes o semana con lo previsto por facturas y cuentas abiertas, cuántos presupuestos se enviaron y aprobaron cada mes, lo que aportó cada servicio y las órdenes abiertas por estado y antigüedad. Cada uno tiene un gráfico, una tabla y Exportar CSV para su planilla.',
          'La [página de inicio](/view/home) muestra los ingresos de este mes junto a los del mes pasado, las órdenes que esperan su factura y las visitas de hoy.',
        ],
      },
    ],
  },
  {
    id: 'account',
    title: 'Tu cuenta y cómo encontrar las cosas',
    questions: [
      {
        id: 'password',
        question: '¿Cómo cambio mi contraseña?',
        answer: [
          'En tu [Perfil](/view/myaccount), en Cambiar contraseña; tus otras sesiones se cierran. Si la olvidaste, elige ¿Olvidaste tu contraseña? en la página de inicio de sesión para recibir un enlace por e-mail.',
        ],
      },
      {
        id: 'language',
        question: '¿Cómo cambio el idioma?',
        answer: [
          'Elígelo en el selector Idioma, arriba en la página, o en tu [Perfil](/view/myaccount). Cotizaciones y facturas llegan al cliente en el idioma del cliente elegido en ellas, o si no en el de la empresa.',
        ],
      },
      {
        id: 'appearance',
        question: '¿Puedo usar una pantalla oscura?',
        answer: [
          'Sí: el menú de usuario (tu foto, arriba) alterna entre Claro, Oscuro y Automático, que sigue a tu dispositivo. Tu [Perfil](/view/myaccount) también tiene los colores del tema, tu nombre, tu foto y tu estado.',
        ],
      },
      {
        id: 'search',
        question: '¿Cómo encuentro rápido un cliente o un documento?',
        answer: [
          'Escribe al menos 2 letras en la búsqueda de arriba: encuentra clientes, cotizaciones, órdenes de servicio, facturas y páginas. Cada lista tiene también su propia búsqueda, y Exportar CSV la descarga.',
        ],
      },
    ],
  },
]
