/**
 * Where the reference page's script is served from: Scalar's browser bundle, which vite.config.ts
 * copies among the client's assets under this name (its version in the name, so it is cached for good).
 */
export const REFERENCE_SCRIPT = '/assets/scalar-api-reference-1.72.1.js'
