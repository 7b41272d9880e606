import { z } from 'zod';

/** The public channels an operator configured (SOCIAL_*_URL, CONTACT_EMAIL); null = not configured, not shown. */
export const SiteResponseSchema = z.object({
  social: z.object({
    x: z.url().nullable(),
    telegram: z.url().nullable(),
    discord: z.url().nullable(),
    github: z.url().nullable(),
  }),
  contactEmail: z.email().nullable(),
});
export type SiteResponse = z.infer<typeof SiteResponseSchema>;
export type SocialChannel = keyof SiteResponse['social'];
