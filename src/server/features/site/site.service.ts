import type { SiteResponse } from '../../../shared/api/site.schema.ts';
import type { Config } from '../../config.ts';

/** The operator's public channels, as configured (config.ts); an unset one is null and the page hides it. */
export function toSiteResponse(config: Config): SiteResponse {
  return {
    social: {
      x: config.SOCIAL_X_URL ?? null,
      telegram: config.SOCIAL_TELEGRAM_URL ?? null,
      discord: config.SOCIAL_DISCORD_URL ?? null,
      github: config.SOCIAL_GITHUB_URL ?? null,
    },
    contactEmail: config.CONTACT_EMAIL ?? null,
  };
}
