import { z } from 'zod';

// The only reader of import.meta.env in the web app (STYLE §6). Every value is optional at build time.
const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const EnvSchema = z.object({
  /** Prefix for API calls; empty = same origin (the Fastify server serves both). */
  VITE_API_BASE_URL: z.string().default(''),
  /** Public links shown in the footer and on /contact; an unset link points to /contact. */
  VITE_LINK_TWITTER: optionalUrl,
  VITE_LINK_GITHUB: optionalUrl,
  VITE_LINK_TELEGRAM: optionalUrl,
  VITE_CONTACT_EMAIL: z
    .email()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DEV: z.boolean().default(false),
});

export const env = EnvSchema.parse(import.meta.env);
