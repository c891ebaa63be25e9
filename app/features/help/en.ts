import type { HelpContent } from './content'

// The help in English: what the product does today, each answer once (docs/shell.md "The in-app help").
export const en: HelpContent = [
  {
    id: 'getting-started',
    title: 'Getting started: company, branches and team',
    questions: [
      {
        id: 'create-company',
        question: 'How does a new company start using Fieldwise?',
        answer: [
          "Whoever runs the company signs up with their name, e-mail and password, and the company's name, country, currency, language, time zone and main branch. A link goes to that e-mail: opening it and pressing its button creates the company, with its main branch and that person as its administrator, and signs them in. Nothing is created before the link is used. A server that a company runs for itself may have sign-up turned off: there an administrator invites each person.",
        ],
      },
      {
        id: 'first-steps',
        question: 'What should I set up first?',
        answer: [
          'The [home page](/view/home) lists the first steps of a new company: name your branch and its number prefix, invite your team, add your first client, add the services you sell and create your first quote. Each step opens its screen and is ticked once done.',
        ],
      },
      {
        id: 'company-settings',
        question: "Where do I change the company's details, Pix key and payment terms?",
        answer: [
          'In [Companies](/view/ac_empresas), open your company: trade and legal name, CNPJ, currency, language, time zone, the Pix key your clients pay to, the days a client has to pay an invoice, and the days after the due date when an overdue invoice is reminded.',
          'To change the logo printed on quotes and invoices, click the logo above your name in the navigation panel.',
        ],
      },
      {
        id: 'branches',
        question: 'How do branches work?',
        answer: [
          '[Branches](/view/cd_filial) lists the branches of your company; one is the main branch. Quotes, orders, visits and invoices belong to a branch, and their numbers carry its number prefix. Clients and services are shared by every branch.',
          'Pick the branch you work in with the Company and branch selector at the top of the page.',
        ],
      },
      {
        id: 'invite',
        question: 'How do I add someone to my team?',
        answer: [
          'In Users, [invite a person](/view/ac_usuarios/new): name, e-mail, language, role and branch (or all branches). They receive a link by e-mail to choose their password, valid for a week. Someone who already has an account sees the invitation on their home page after signing in, and accepts or declines it.',
          "The form starts with the branch you work in and the company's language, and asks you to choose the role. If the e-mail does not arrive (or there is no mail server), open the person's record: Get the invitation link gives a link to copy and send yourself, and Send the invitation again e-mails a new one; each new link replaces the earlier ones. The invitation page speaks the person's language.",
        ],
      },
      {
        id: 'roles',
        question: 'What can each role do?',
        answer: [
          'A role is a starting set of page access. Administrator: everything, including users and page access. Manager: all the work screens, the company and its branches. Dispatcher: clients, quotes, orders and the scheduling board. Technician: their own visits, and reading clients, services and orders. Finance: invoices, and reading clients and orders.',
          "To change one person's access to one page, open them in [Users](/view/ac_usuarios) and choose Page access.",
        ],
      },
      {
        id: 'no-access',
        question: 'A page says "Access denied". What now?',
        answer: ['Your role does not include that page. Ask an administrator of your company to give you access.'],
      },
    ],
  },
  {
    id: 'clients-jobs',
    title: 'Clients and the service catalogue',
    questions: [
      {
        id: 'new-client',
        question: 'How do I add a client?',
        answer: [
          'In [Clients](/view/cd_cliente/new): a person (CPF) or a business (CNPJ), checked when you save; e-mails and phones; one or more service addresses, one of them the default; and a billing address when it is another one. A client belongs to the company and is seen from every branch.',
        ],
      },
      {
        id: 'client-history',
        question: 'Where do I see a client’s quotes, invoices and what they owe?',
        answer: [
          'Open the client in [Clients](/view/cd_cliente): their quotes and invoices are listed below the form, with what they owe and what is overdue.',
        ],
      },
      {
        id: 'remove-client',
        question: 'Can I delete a client?',
        answer: [
          'A client is deactivated, not deleted, so their quotes, orders and invoices stay. Show inactive on the list finds them again, and Activate brings them back.',
        ],
      },
      {
        id: 'jobs',
        question: 'What is the service catalogue?',
        answer: [
          '[Services](/view/cd_job) are what you sell: code, name, unit (hour, unit or visit), unit price, tax %, estimated minutes, the skills it needs and a checklist the technician ticks on site. A line of a quote, order or invoice picks a service by its code or name, which fills its description, price and tax (you may change them).',
        ],
      },
      {
        id: 'no-portal',
        question: 'Do clients have an account or a portal?',
        answer: [
          'No. Clients do not sign in: each quote and invoice you send has its own link, where the client reads it, answers the quote or pays the invoice, and downloads its PDF.',
        ],
      },
    ],
  },
  {
    id: 'quotes',
    title: "Quotes and the client's approval",
    questions: [
      {
        id: 'new-quote',
        question: 'How do I make a quote?',
        answer: [
          'In [Quotes](/view/cd_cotacao/new): choose the client, the service address and the lines — a service from the catalogue, or a free-text line with its own description and price. Mark a line Optional to offer it: it counts in the total only once the client chooses it. Valid until is 30 days when left empty.',
          'Only a draft can be changed. Print or download the PDF from the quote.',
        ],
      },
      {
        id: 'send-quote',
        question: 'How does the client approve a quote?',
        answer: [
          "Send to the client makes the quote's link. It is e-mailed in the client's language when the client has an e-mail and a mail server is set up; otherwise Copy the client's link gives the link to send your way, and Share on WhatsApp opens a chat with the client's number labelled WhatsApp (else their mobile).",
          'On the link the client ticks the optional items they want, types their name and approves, or rejects it, saying why if they wish. The quote changes at once, with their name and the time.',
        ],
      },
      {
        id: 'phone-answer',
        question: 'The client answered by phone. What do I do?',
        answer: ['Open the sent quote and choose Mark approved or Mark rejected.'],
      },
      {
        id: 'change-sent',
        question: 'How do I change a quote I already sent, or one that expired?',
        answer: [
          'Withdraw it: the link stops opening, the quote is a draft again, and you change it and send it again. A quote expires when its valid-until date passes without an answer; Duplicate makes a new draft with the same client and lines, from any quote.',
        ],
      },
      {
        id: 'convert',
        question: 'How does an approved quote become a service order?',
        answer: [
          'Open it and choose Convert to a service order: the order gets the lines the client bought, and the quote and the order link to each other. The [home page](/view/home) lists the approved quotes waiting to be converted and the quotes waiting for an answer.',
        ],
      },
    ],
  },
  {
    id: 'orders',
    title: 'Service orders and the scheduling board',
    questions: [
      {
        id: 'new-order',
        question: 'How do I create a service order without a quote?',
        answer: [
          'In [Service orders](/view/cd_ordem/new): client, service address, priority, the reported problem, instructions for the technician, warranty days and the lines.',
        ],
      },
      {
        id: 'order-status',
        question: "What do an order's statuses mean?",
        answer: [
          'New: waiting for a date. Scheduled: a visit is booked. In progress: a technician has started. Completed: every visit is done. Invoiced: its invoice is made. These follow from the board and the visits; you do not set them by hand.',
          'You can Put on hold an open order (waiting for parts, the client or an approval) and Resume it, or Cancel the order before it is invoiced.',
        ],
      },
      {
        id: 'schedule',
        question: 'How do I book a visit?',
        answer: [
          'On [Scheduling](/view/cd_ordemagendamento), the orders waiting for a date are in the tray. Drag one onto a technician’s time, or choose Schedule and pick the technician, the date, the start and the end. The board has Day and Week views, and every open board shows a change within seconds.',
          'The board lists the technicians of the branch: give someone the Technician role in [Users](/view/ac_usuarios) to see them there.',
        ],
      },
      {
        id: 'conflict',
        question: 'What if the technician is already busy?',
        answer: [
          'Two visits of one technician cannot overlap: the board names the other visit, and you may choose Book anyway. Booking outside their working hours, or without a skill the order needs, is shown as a warning. A technician’s colour on the board, skills, working week and hours are set on them in [Users](/view/ac_usuarios).',
        ],
      },
      {
        id: 'move-visit',
        question: 'How do I move or cancel a visit?',
        answer: [
          'Open the visit on the board and choose Move, or Cancel visit to free the technician’s time. Once a visit has started, only its end can change.',
        ],
      },
    ],
  },
  {
    id: 'technician',
    title: "The technician's day",
    questions: [
      {
        id: 'my-day',
        question: 'Where do I see my visits?',
        answer: [
          'Your [home page](/view/home) shows your day, and [Technician work](/view/cd_techorders) lists the visits from today to two weeks ahead. A visit shows the client, the address (which opens the map), the phone, the reported problem and the instructions.',
        ],
      },
      {
        id: 'visit-steps',
        question: 'Which buttons do I press during a visit?',
        answer: [
          'On my way (the client is e-mailed that you are coming; if not, the office is told), I am on site (the time on site starts), Pause and Resume work, and Done (the time on site ends).',
          'When the work cannot be finished, choose Could not complete and say why: the order goes back to wait for a new date.',
        ],
      },
      {
        id: 'visit-record',
        question: 'What do I record on site?',
        answer: [
          'Tick the checklist, write the work report, add the parts used (the company’s products, at their price), add photos before and after, and let the client sign in the box with a finger. Done tells you when the checklist or the signature is missing.',
          "When every visit of an order is done, the order is completed; its work order PDF shows each visit's work and the signature.",
        ],
      },
      {
        id: 'visit-fix',
        question: "A visit's times are wrong. Who corrects them?",
        answer: [
          'Once a visit is over, the technician cannot change it. The office opens it (from the order’s Visits) and uses Correct the times; the visit’s timeline keeps the change.',
        ],
      },
    ],
  },
  {
    id: 'invoices',
    title: 'Invoices and payments',
    questions: [
      {
        id: 'make-invoice',
        question: 'How do I invoice finished work?',
        answer: [
          'Open the completed order in [Service orders](/view/cd_ordem) and choose Invoice: a draft invoice is made with its lines, the parts used and each visit. To bill several orders of one client at once, make a new invoice in [Invoices](/view/cd_invoice/new), pick the client and check their completed orders under Orders to bill; or make one by hand with lines only.',
          'Check the draft and choose Issue: it is dated today and gets its due date (the one you typed, or the company’s days to pay).',
        ],
      },
      {
        id: 'send-invoice',
        question: 'How does the client receive the invoice?',
        answer: [
          "Send to the client e-mails the invoice's link when it can; otherwise Copy the client's link, or Share on WhatsApp to the client's WhatsApp or mobile number. On the link the client sees the invoice, what is left to pay and the ways to pay, and downloads the PDF.",
        ],
      },
      {
        id: 'pix',
        question: 'Can clients pay by Pix?',
        answer: [
          "Yes, when your company has a Pix key (in [Companies](/view/ac_empresas)) and the invoice is in reais: the client's link and the PDF show a Pix QR code and a copy-and-paste code for the amount open.",
          'No bank is connected to the app: when the Pix reaches your account, record it as a payment.',
        ],
      },
      {
        id: 'card',
        question: 'Can clients pay by card?',
        answer: [
          'Only when whoever runs your server has set up a card payment provider. Then the link offers to pay by card, and a payment confirmed by the provider is recorded on the invoice by itself.',
        ],
      },
      {
        id: 'boleto',
        question: 'Does the app issue boletos or read my bank account?',
        answer: [
          'No. It does not issue boletos and is not connected to any bank. Boleto is one of the methods you can choose when you record a payment you received.',
        ],
      },
      {
        id: 'record-payment',
        question: 'How do I record a payment?',
        answer: [
          'Open the invoice in [Invoices](/view/cd_invoice) and use Record a payment: amount, method (cash, card, Pix, bank transfer or boleto), date (today when empty, never in the future) and a reference. An invoice takes several payments, never more than what is open; it becomes partially paid, then paid.',
          'A wrong payment is reversed with a reason, never deleted.',
        ],
      },
      {
        id: 'overdue',
        question: 'What happens when an invoice is overdue?',
        answer: [
          'After its due date it shows as Overdue, and the [home page](/view/home) lists it. When your company has reminder days (like 1, 7, 14, in [Companies](/view/ac_empresas)), the client is e-mailed the invoice’s link once at each of those days after the due date; the invoice lists each reminder.',
        ],
      },
      {
        id: 'void',
        question: 'How do I cancel an invoice?',
        answer: [
          'Void it with a reason, while nothing is paid on it (reverse its payments first). Its orders can then be invoiced again.',
        ],
      },
    ],
  },
  {
    id: 'money',
    title: 'Accounts, bills and reports',
    questions: [
      {
        id: 'accounts',
        question: 'Where does the money I receive go?',
        answer: [
          'Into your [Accounts](/view/cd_contas): the till, the bank, the card acquirer… each with the payment methods it takes by default. When you record a payment, choose its account or leave the default one for its method.',
          "An account's balance is its opening balance plus what came in minus what went out; it is never typed by hand.",
        ],
      },
      {
        id: 'statement',
        question: 'How do I move money between accounts and check them against the bank?',
        answer: [
          "On an account's page, Move money to another account takes an amount from it and puts it in the other (the till to the bank): one balance goes down and the other up. A transfer made by mistake is undone by one back.",
          'Under Bank statement, import the OFX file your bank exports. Each line shows the payment, bill or transfer of the same amount recorded within three days: Confirm match. A line that matches nothing becomes a payment of an open invoice or a bill paid (a bank fee). A line imported before says so and is not taken twice.',
        ],
      },
      {
        id: 'bills',
        question: 'How do I keep the bills I have to pay?',
        answer: [
          'Add them in [Finance](/view/cd_financeiro/new): supplier, category, amount, due date, and whether it repeats every month or year. An open bill past its due date shows as Overdue.',
          'Pay this bill records the day and the account the money left. A monthly or yearly bill then makes the next one by itself. A bill entered by mistake is voided with a reason.',
          'On the bill’s page, attach the bill itself: a PDF, or a photo taken with your phone.',
        ],
      },
      {
        id: 'reports',
        question: 'Where do I see revenue, what clients owe and the cash flow?',
        answer: [
          'In [Reports](/view/cd_reports): revenue month by month for the period you pick, what each client owes by how late it is, the cash flow by month or week with what is expected from open invoices and bills, how many quotes were sent and approved each month, what each service brought, and the open orders by status and age. Each has a chart, a table and Export CSV for your spreadsheet.',
          "The [home page](/view/home) shows this month's revenue beside last month's, the orders waiting for their invoice and today's visits.",
        ],
      },
    ],
  },
  {
    id: 'account',
    title: 'Your account and finding things',
    questions: [
      {
        id: 'password',
        question: 'How do I change my password?',
        answer: [
          'In your [Profile](/view/myaccount), under Change password; your other sessions are signed out. If you forgot it, choose Forgot password? on the sign-in page to receive a link by e-mail.',
        ],
      },
      {
        id: 'language',
        question: 'How do I change the language?',
        answer: [
          "Choose it in the Language selector at the top of the page, or in your [Profile](/view/myaccount). Quotes and invoices reach the client in the client's language chosen on them, or else the company's.",
        ],
      },
      {
        id: 'appearance',
        question: 'Can I use a dark screen?',
        answer: [
          'Yes: the user menu (your picture at the top) switches between Light, Dark and Automatic, which follows your device. Your [Profile](/view/myaccount) also has the theme colours, your name, picture and status.',
        ],
      },
      {
        id: 'search',
        question: 'How do I find a client or a document quickly?',
        answer: [
          'Type at least 2 letters in the search at the top of the page: it finds clients, quotes, service orders, invoices and pages. Each list also has its own search, and Export CSV downloads it.',
        ],
      },
    ],
  },
]
