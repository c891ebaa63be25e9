// The React Router server build, aliased in wrangler.toml (it exists only after `npm run build`).
declare module 'virtual:server-build' {
  const build: Record<string, unknown>
  export = build
}
