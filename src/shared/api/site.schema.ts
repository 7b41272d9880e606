import { z } from 'zod';

/**
 * Public facts about this instance the shell states: the channels an operator configured (SOCIAL_*_URL,
 * CONTACT_EMAIL; null = not configured, not shown), the AI model that writes briefs (LLM_MODEL with LLM_BASE_URL;
 * null = briefs are written by the template from the analytics), and where the data is stored.
 */
export const SiteResponseSchema = z.object({
  social: z.object({
    x: z.url().nullable(),
    telegram: z.url().nullable(),
    discord: z.url().nullable(),
    github: z.url().nullable(),
  }),
  contactEmail: z.email().nullable(),
  aiModel: z.string().nullable(),
  storage: z.enum(['pglite', 'postgres']),
});
export type SiteResponse = z.infer<typeof SiteResponseSchema>;
export type SocialChannel = keyof SiteResponse['social'];
