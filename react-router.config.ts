import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  ssr: true,
  // The app's few dozen routes come in one cached manifest file: no per-request partial manifest
  // in every page (matched and inlined on the server each time) and no /__manifest calls.
  routeDiscovery: { mode: 'initial' },
} satisfies Config
