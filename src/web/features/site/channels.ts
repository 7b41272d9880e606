import type { SiteResponse } from '../../../shared/api/site.schema.ts';

export type ChannelKey = 'x' | 'telegram' | 'discord' | 'github' | 'email';
export type Channel = { key: ChannelKey; href: string; text: string };

const SOCIAL_ORDER = ['x', 'telegram', 'discord', 'github'] as const;

/** The configured channels only, in display order: an unset one is left out (never a link to an account we lack). */
export function listChannels(site: SiteResponse | undefined): Channel[] {
  if (!site) return [];
  const channels: Channel[] = [];
  for (const key of SOCIAL_ORDER) {
    const href = site.social[key];
    if (href) channels.push({ key, href, text: href });
  }
  if (site.contactEmail) {
    channels.push({ key: 'email', href: `mailto:${site.contactEmail}`, text: site.contactEmail });
  }
  return channels;
}
