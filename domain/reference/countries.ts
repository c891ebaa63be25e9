import { countries as countryData } from 'countries-list'

/** About 250 countries and territories with dial codes (Kosovo `xk` included), by name. */
export const countries = () =>
  Object.entries(countryData)
    .map(([iso, c]) => ({ iso: iso.toLowerCase(), name: c.name, code: `+${c.phone[0]}` }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((c, i) => ({ id: `country-${c.iso}`, ...c, flagImagePos: `-1px -${i * 12 + 1}px` }))
