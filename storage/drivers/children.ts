/** From keys below `parent` (any depth), the ids one level down that hold a record. */
export function directChildren(parent: string, keys: string[]): string[] {
  const prefix = `${parent}:`
  const ids: string[] = []
  for (const key of keys) {
    if (!key.startsWith(prefix)) continue
    const rest = key.slice(prefix.length)
    if (rest && !rest.includes(':')) ids.push(rest)
  }
  return ids
}
