import { z } from 'zod';

// The only reader of import.meta.env in the web app (STYLE §6). Every value is optional at build time.
const EnvSchema = z.object({
  /** Prefix for API calls; empty = same origin (the Fastify server serves both). */
  VITE_API_BASE_URL: z.string().default(''),
  DEV: z.boolean().default(false),
  /** This build's id (vite.config.ts `define`): crash reports name the build they came from. */
  VITE_BUILD_ID: z.string().optional(),
});

// `define` replaces the direct reference only, so the build id is read by name.
export const env = EnvSchema.parse({ ...import.meta.env, VITE_BUILD_ID: import.meta.env.VITE_BUILD_ID });
