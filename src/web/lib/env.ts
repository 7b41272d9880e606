// The only reader of import.meta.env in the web app (STYLE §6). Every value is optional at build time. Read by hand,
// not with zod: this module is part of the code every page waits for (src/server/web-startup-imports.test.ts).
const raw = import.meta.env;

export const env = {
  /** Prefix for API calls; empty = same origin (the Fastify server serves both). */
  VITE_API_BASE_URL: typeof raw.VITE_API_BASE_URL === 'string' ? raw.VITE_API_BASE_URL : '',
  DEV: raw.DEV === true,
  /**
   * This build's id (vite.config.ts `define`): crash reports name the build they came from. `define` replaces the
   * direct reference only, so the build id is read by name.
   */
  VITE_BUILD_ID: typeof import.meta.env.VITE_BUILD_ID === 'string' ? import.meta.env.VITE_BUILD_ID : undefined,
} as const;
