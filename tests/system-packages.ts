// npm test's first step: the system programs the tests run (Debian packages). Where one is
// missing and this runs as root with apt (CI, a fresh container), it is installed; elsewhere
// the run stops with one line giving the exact command.
import { execFileSync, spawnSync } from 'node:child_process'

/** Program → the Debian package that brings it. */
const NEEDED: Record<string, string> = {
  chromium: 'chromium',
  'redis-server': 'redis-server',
  pdftotext: 'poppler-utils',
  pdfimages: 'poppler-utils',
  // the TLS-terminating proxy in front of the production start (tests/e2e/behind-proxy.spec.ts) and its certificate
  nginx: 'nginx',
  openssl: 'openssl',
}

const has = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0
const missing = [
  ...new Set(
    Object.entries(NEEDED)
      .filter(([program]) => !has(program))
      .map(([, pkg]) => pkg),
  ),
]

if (missing.length > 0) {
  const command = `apt-get install -y ${missing.join(' ')}`
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.log(`Installing ${missing.join(', ')} (Debian packages the tests need)`)
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env })
  } else {
    console.error(`The tests need ${missing.join(', ')}: run sudo ${command} (Debian/Ubuntu), then npm test again.`)
    process.exit(1)
  }
}
