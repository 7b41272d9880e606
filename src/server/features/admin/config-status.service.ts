import type { ConfigItem, ConfigStatusResponse } from '../../../shared/api/admin-config.schema.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { listSocialAccounts } from '../social-accounts/social-accounts.service.ts';

export type ConfigStatusDeps = {
  db: Db;
  config: Pick<
    Config,
    | 'SECRET_KEY'
    | 'SMTP_HOST'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'LLM_BASE_URL'
    | 'LLM_MODEL'
    | 'GITHUB_TOKEN'
    | 'COINGECKO_API_KEY'
    | 'TELEGRAM_BOT_TOKEN'
    | 'REDDIT_CLIENT_ID'
    | 'REDDIT_CLIENT_SECRET'
  >;
};

/**
 * GET /api/admin/config: each feature that depends on a setting, whether it works now and what to set. The X pool
 * also needs an account added under /admin (accounts tab), counted here; nothing of a value leaves the server.
 */
export async function getConfigStatus(deps: ConfigStatusDeps, now: Date): Promise<ConfigStatusResponse> {
  const c = deps.config;
  const accounts = c.SECRET_KEY ? await listSocialAccounts(deps.db, now) : [];
  const xAccounts = accounts.filter((account) => account.isActive).length;
  const item = (feature: ConfigItem['feature'], configured: boolean, variables: string[], required = true) => ({
    feature,
    configured,
    required,
    variables,
  });
  return {
    items: [
      item('secretKey', Boolean(c.SECRET_KEY), ['SECRET_KEY']),
      item('xAccounts', Boolean(c.SECRET_KEY) && xAccounts > 0, ['SECRET_KEY']),
      item('mail', Boolean(c.SMTP_HOST), ['SMTP_HOST', 'SMTP_PORT', 'SMTP_USER', 'SMTP_PASSWORD', 'SMTP_FROM']),
      item('payments', Boolean(c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET), [
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ]),
      item('llm', Boolean(c.LLM_BASE_URL && c.LLM_MODEL), ['LLM_BASE_URL', 'LLM_MODEL', 'LLM_API_KEY']),
      item('github', Boolean(c.GITHUB_TOKEN), ['GITHUB_TOKEN'], false),
      item('coingecko', Boolean(c.COINGECKO_API_KEY), ['COINGECKO_API_KEY'], false),
      item('telegram', Boolean(c.TELEGRAM_BOT_TOKEN), ['TELEGRAM_BOT_TOKEN']),
      item('reddit', Boolean(c.REDDIT_CLIENT_ID && c.REDDIT_CLIENT_SECRET), [
        'REDDIT_CLIENT_ID',
        'REDDIT_CLIENT_SECRET',
      ]),
    ],
  };
}
