import { hoursAgo, seeded, SEED_NOW } from './random.ts'

const days = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(SEED_NOW - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10))

/** The four demo dashboards (docs/demo-apis.md §3 Dashboards, §9 constants), the same on every run. */
export function seedDashboards() {
  const rnd = seeded(401)
  const series = (n: number, min: number, max: number) => Array.from({ length: n }, () => rnd.int(min, max))
  const timeline = (n: number, min: number, max: number) => days(n).map((x) => ({ x, y: rnd.int(min, max) }))
  const analytics = {
    visitors: {
      series: {
        'this-year': [{ name: 'Visitors', data: timeline(30, 2000, 9000) }],
        'last-year': [{ name: 'Visitors', data: timeline(30, 1500, 8000) }],
      },
    },
    conversions: { amount: 4123, labels: days(7), series: [{ name: 'Conversions', data: series(7, 300, 900) }] },
    impressions: { amount: 87245, labels: days(7), series: [{ name: 'Impressions', data: series(7, 9000, 15000) }] },
    visits: { amount: 62083, labels: days(7), series: [{ name: 'Visits', data: series(7, 7000, 11000) }] },
    visitorsVsPageViews: {
      overallScore: 472,
      averageRatio: 45,
      predictedRatio: 55,
      series: [
        { name: 'Page Views', data: timeline(30, 4000, 12000) },
        { name: 'Visitors', data: timeline(30, 2000, 9000) },
      ],
    },
    newVsReturning: { uniqueVisitors: 46085, series: [80, 20], labels: ['New', 'Returning'] },
    gender: { uniqueVisitors: 46085, series: [55, 45], labels: ['Male', 'Female'] },
    age: { uniqueVisitors: 46085, series: [35, 65], labels: ['Under 30', 'Over 30'] },
    language: { uniqueVisitors: 46085, series: [25, 75], labels: ['English', 'Other'] },
  }
  const crypto = {
    btc: {
      amount: 58_910.22,
      trend: { dir: 'up', amount: 0.17 },
      marketCap: 1_128_000_000_000,
      volume: 32_000_000_000,
      supply: 19_600_000,
      allTimeHigh: 73_750.07,
      price: { series: [{ name: 'Price', data: timeline(60, 55000, 62000) }] },
    },
    prices: { btc: 58_910.22, eth: 3_120.5, bch: 390.12, xrp: 0.52 },
    wallets: { btc: 24.97, eth: 126.3, bch: 78.2, xrp: 11_000.0 },
    watchlist: [
      {
        title: 'Ethereum',
        iso: 'ETH',
        amount: 3120.5,
        trend: { dir: 'up', amount: 2.35 },
        series: [{ name: 'Price', data: timeline(15, 2900, 3200) }],
      },
      {
        title: 'Bitcoin Cash',
        iso: 'BCH',
        amount: 390.12,
        trend: { dir: 'down', amount: 1.12 },
        series: [{ name: 'Price', data: timeline(15, 370, 410) }],
      },
      {
        title: 'XRP',
        iso: 'XRP',
        amount: 0.52,
        trend: { dir: 'up', amount: 0.4 },
        series: [{ name: 'Price', data: timeline(15, 0, 1) }],
      },
    ],
  }
  const statuses = ['completed', 'pending'] as const
  const finance = {
    accountBalance: {
      growRate: 38.33,
      ami: 45_332,
      series: [
        { name: 'Predicted', data: timeline(12, 40_000, 50_000) },
        { name: 'Actual', data: timeline(12, 38_000, 48_000) },
      ],
    },
    budget: {
      expenses: 17_663,
      expensesLimit: 20_000,
      savings: 132_028,
      savingsGoal: 250_000,
      bills: 3_567,
      billsLimit: 1_000,
    },
    previousStatement: { status: 'paid', date: hoursAgo(24 * 40), limit: 34_500, spent: 27_221.21, minimum: 7_331.94 },
    currentStatement: {
      status: 'pending',
      date: hoursAgo(24 * 10),
      limit: 34_500,
      spent: 39_819.94,
      minimum: 9_219.44,
    },
    recentTransactions: Array.from({ length: 8 }, (_, i) => ({
      id: rnd.uuid(),
      transactionId: `528651571NT${String(i + 1).padStart(3, '0')}`,
      name: rnd.pick(['Padaria Estrela', 'Hotel Aurora', 'Clínica Vida', 'Mercado Central', 'Escola Horizonte']),
      amount: rnd.int(100, 4000) + 0.5,
      status: statuses[i % 3 === 2 ? 1 : 0],
      date: hoursAgo(24 * (i + 1)),
    })),
  }
  const project = {
    githubIssues: {
      overview: {
        'this-week': {
          'new-issues': 214,
          'closed-issues': 75,
          fixed: 3,
          'wont-fix': 4,
          're-opened': 8,
          'needs-triage': 6,
        },
        'last-week': {
          'new-issues': 197,
          'closed-issues': 72,
          fixed: 6,
          'wont-fix': 11,
          're-opened': 6,
          'needs-triage': 5,
        },
      },
      labels: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
      series: {
        'this-week': [
          { name: 'New issues', type: 'line', data: series(7, 20, 45) },
          { name: 'Closed issues', type: 'column', data: series(7, 5, 20) },
        ],
        'last-week': [
          { name: 'New issues', type: 'line', data: series(7, 20, 45) },
          { name: 'Closed issues', type: 'column', data: series(7, 5, 20) },
        ],
      },
    },
    taskDistribution: {
      overview: { 'this-week': { new: 594, completed: 287 }, 'last-week': { new: 526, completed: 260 } },
      labels: ['API', 'Backend', 'Frontend', 'Issues'],
      series: { 'this-week': [15, 20, 38, 27], 'last-week': [19, 16, 42, 23] },
    },
    schedule: {
      today: [
        { title: 'Team meeting', time: 'in 32 minutes', location: 'Conference room 1B' },
        { title: 'Visit: Hotel Aurora chiller', time: '10:30 AM' },
        { title: 'Lunch with the dispatch team', time: '12:10 PM' },
      ],
      tomorrow: [
        { title: 'Route planning', time: '09:00 AM', location: 'Main office' },
        { title: 'Quote review', time: '02:30 PM' },
      ],
    },
    budgetDistribution: {
      categories: ['Concept', 'Design', 'Development', 'Extras', 'Marketing'],
      series: [{ name: 'Budget', data: [12, 20, 28, 15, 25] }],
    },
    weeklyExpenses: { amount: 17_663, labels: days(7), series: [{ name: 'Expenses', data: series(7, 2000, 3000) }] },
    monthlyExpenses: { amount: 54_663, labels: days(4), series: [{ name: 'Expenses', data: series(4, 12000, 16000) }] },
    yearlyExpenses: {
      amount: 648_813,
      labels: days(12),
      series: [{ name: 'Expenses', data: series(12, 45000, 60000) }],
    },
    budgetDetails: {
      columns: ['type', 'total', 'expensesAmount', 'expensesPercentage', 'remainingAmount', 'remainingPercentage'],
      rows: ['Concept', 'Design', 'Development', 'Extras', 'Marketing'].map((type, i) => {
        const total = [14_880, 21_080, 34_720, 18_600, 34_720][i]
        const spent = Math.round(total * (0.3 + i * 0.1))
        return {
          id: i + 1,
          type,
          total,
          expensesAmount: spent,
          expensesPercentage: Math.round((spent / total) * 1000) / 10,
          remainingAmount: total - spent,
          remainingPercentage: Math.round(((total - spent) / total) * 1000) / 10,
        }
      }),
    },
    teamMembers: [
      'Ana Costa',
      'Tiago Lima',
      'Rita Alves',
      'Bruno Reis',
      'Clara Mendes',
      'Diego Santos',
      'Elisa Prado',
      'Felipe Araujo',
    ].map((name, i) => ({
      id: rnd.uuid(),
      avatar: null,
      name,
      email: `${name.split(' ')[0].toLowerCase()}@demo.fieldservice.app`,
      phone: `+55 11 9${rnd.int(1000, 9999)}-${rnd.int(1000, 9999)}`,
      title: ['Admin', 'Technician', 'Dispatcher', 'Technician', 'Finance', 'Technician', 'Manager', 'Technician'][i],
    })),
  }
  return { analytics, crypto, finance, project }
}

/** The demo activity feed. */
export function seedActivities() {
  const rnd = seeded(402)
  return [
    ['heroicons_mini:star', 'Ana Costa approved quote 2026-000077', 1, '/view/cd_cotacao'],
    ['heroicons_mini:wrench-screwdriver', 'Tiago Lima completed order OS-2026-000109', 3, '/view/cd_ordem'],
    ['heroicons_mini:calendar', 'Visit scheduled at Hotel Aurora', 5, '/view/cd_ordemagendamento'],
    ['heroicons_mini:currency-dollar', 'Invoice 2026-000030 was paid', 9, '/view/cd_invoice'],
    ['heroicons_mini:user-plus', 'Padaria Estrela became a client', 20, '/view/cd_cliente'],
    ['heroicons_mini:document-text', 'Quote 2026-000078 was sent', 30, '/view/cd_cotacao'],
    ['heroicons_mini:chat-bubble-left-right', 'New message from Rita Alves', 40, '/apps/chat'],
    ['heroicons_mini:exclamation-triangle', 'Invoice 2026-000021 is overdue', 60, '/view/cd_invoice'],
  ].map(([icon, description, h, link], i) => ({
    id: rnd.uuid(),
    icon: String(icon),
    description: String(description),
    date: hoursAgo(Number(h)),
    extraContent: i === 1 ? '<p>Checklist: 12 of 12 items done.</p>' : null,
    linkedContent: i === 0 ? 'Quote 2026-000077' : null,
    link: String(link),
    useRouter: true,
  }))
}
