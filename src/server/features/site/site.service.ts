import type { SiteResponse } from '../../../shared/api/site.schema.ts';
import type { Config } from '../../config.ts';
import type { DbKind } from '../../db/client.ts';

/**
 * The operator's public channels, as configured (config.ts; an unset one is null and the page hides it), the model
 * briefs are written by (the same condition as briefs/llm-client.ts: base URL and model both set) and the database.
 */
export function toSiteResponse(config: Config, dbKind: DbKind): SiteResponse {
  return {
    social: {
      x: config.SOCIAL_X_URL ?? null,
      telegram: config.SOCIAL_TELEGRAM_URL ?? null,
      discord: config.SOCIAL_DISCORD_URL ?? null,
      github: config.SOCIAL_GITHUB_URL ?? null,
    },
    contactEmail: config.CONTACT_EMAIL ?? null,
    aiModel: config.LLM_BASE_URL && config.LLM_MODEL ? config.LLM_MODEL : null,
    storage: dbKind,
  };
}
