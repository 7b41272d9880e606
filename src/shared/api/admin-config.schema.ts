import { z } from 'zod';

// GET /api/admin/config: what the server can do with its configuration, so the admin panel says
// what needs a setting before any form is filled in. Names of variables and booleans only: never a value.

export const CONFIG_FEATURES = [
  'secretKey',
  'xAccounts',
  'mail',
  'payments',
  'llm',
  'github',
  'coingecko',
  'telegram',
  'reddit',
] as const;
export const ConfigFeatureSchema = z.enum(CONFIG_FEATURES);
export type ConfigFeature = z.infer<typeof ConfigFeatureSchema>;

export const ConfigItemSchema = z.object({
  feature: ConfigFeatureSchema,
  /** True when the feature works with the current settings. */
  configured: z.boolean(),
  /** False for a setting that only raises limits (the feature works without it, more slowly). */
  required: z.boolean(),
  /** The environment variables to set (in .env or the environment), in the order to read them. */
  variables: z.array(z.string()),
});
export type ConfigItem = z.infer<typeof ConfigItemSchema>;

export const ConfigStatusResponseSchema = z.object({ items: z.array(ConfigItemSchema) });
export type ConfigStatusResponse = z.infer<typeof ConfigStatusResponseSchema>;
