/** docs/demo-apis.md §7 Common: the navigation's four layouts. */
const basicItems = () => [
  { id: 'example', title: 'Example', type: 'basic', icon: 'heroicons_outline:chart-pie', link: '/example' },
  { id: 'empresa', title: 'Company', type: 'basic', icon: 'heroicons_outline:building-office', link: '/empresa' },
]

/** The four navigation layouts, each with the same two basic items. */
export const navigation = () => ({
  compact: basicItems(),
  default: basicItems(),
  futuristic: basicItems(),
  horizontal: basicItems(),
})
