// The only reader of import.meta.env in the web app (STYLE §6). Every value is optional at build time. Three values
// are checked by hand rather than with zod: zod would otherwise be on the first page load for them alone.

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export const env = {
  /** Prefix for API calls; empty = same origin (the Fastify server serves both). */
  VITE_API_BASE_URL: optionalString(import.meta.env.VITE_API_BASE_URL) ?? '',
  DEV: import.meta.env.DEV === true,
  // `define` replaces the direct reference only, so the build id is read by name.
  /** This build's id (vite.config.ts `define`): crash reports name the build they came from. */
  VITE_BUILD_ID: optionalString(import.meta.env.VITE_BUILD_ID),
} as const;
