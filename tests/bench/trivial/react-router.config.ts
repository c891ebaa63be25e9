import type { Config } from '@react-router/dev/config'

// The baseline page of the benchmark: a trivial React Router app, built apart from the product.
export default { appDirectory: 'app', buildDirectory: '../../../build/bench-trivial', ssr: true } satisfies Config
