import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The host name the site is published under in these tests (Chromium maps it to loopback). */
export const SITE_HOST = 'fieldwise.example'

export type TlsProxy = { url: string; stop: () => Promise<void> }

/** The README's nginx site, as an operator copies it: the block under "Behind a TLS proxy". */
export function readmeNginxSite(): string {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const block = readme.match(/```nginx\n([\s\S]*?)```/)
  if (!block) throw new Error('README.md has no nginx block')
  return block[1]
}

/**
 * nginx from Debian's packages in front of `upstreamPort`, terminating TLS with a self-signed
 * certificate made here for SITE_HOST, its site the README's own with the addresses of this run.
 */
export async function startTlsProxy(port: number, upstreamPort: number): Promise<TlsProxy> {
  const dir = mkdtempSync(join(tmpdir(), 'tls-proxy-'))
  // started as root, nginx's workers run as nobody: they write a large body (a photo) to these folders
  chmodSync(dir, 0o755)
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp), { mode: 0o777 })
  const [cert, key] = [join(dir, 'site.pem'), join(dir, 'site.key')]
  execFileSync(
    'openssl',
    [
      'req',
      ...['-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
      ...['-keyout', key, '-out', cert, '-subj', `/CN=${SITE_HOST}`, '-addext', `subjectAltName=DNS:${SITE_HOST}`],
    ],
    { stdio: 'pipe' },
  )
  const site = readmeNginxSite()
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`)
    .replace(/ssl_certificate \S+;/, `ssl_certificate ${cert};`)
    .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`)
    .replace(/proxy_pass http:\/\/127\.0\.0\.1:3000;/, `proxy_pass http://127.0.0.1:${upstreamPort};`)
  // what Debian's /etc/nginx/nginx.conf gives the site around it, in a folder of this run
  const conf = `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include /etc/nginx/mime.types;
${site}
}
`
  writeFileSync(join(dir, 'nginx.conf'), conf)
  // Debian puts it in /usr/sbin, which a user's PATH may not hold
  const program = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'
  const nginx = spawn(program, ['-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: 'ignore' })
  const deadline = Date.now() + 10_000
  while (!(await listening(port))) {
    if (nginx.exitCode !== null || Date.now() > deadline) {
      const log = (() => {
        try {
          return readFileSync(join(dir, 'error.log'), 'utf8')
        } catch {
          return ''
        }
      })()
      nginx.kill()
      throw new Error(`nginx did not start (${nginx.exitCode}): ${log}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url: `https://${SITE_HOST}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true })
          resolve()
        }
        if (nginx.exitCode !== null) return done()
        nginx.once('exit', done)
        nginx.kill('SIGQUIT')
      }),
  }
}

/** Whether something accepts connections on the port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.end()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
