/**
 * Website domain used to match projects across sources: lower-case host without `www.`; null when unparsable.
 * Sibling protocols share a domain (aave.com hosts Aave V1–V3), so a domain only links a project that is not yet
 * linked to the source (see docs/ingestion.md).
 */
export function toWebsiteDomain(url: string | null | undefined): string | null {
  if (!url) return null;
  // No URL class here: src/shared is typechecked without DOM or node globals.
  const host = url
    .trim()
    .match(/^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#]*@)?([^/?#:]+)/i)?.[1]
    ?.toLowerCase()
    .replace(/^www\./, '');
  return host && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : null;
}

/** Telegram chat id for getChatMemberCount: "@channel" from t.me/channel, a bare name or "@name"; null otherwise. */
export function toTelegramChatId(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = value.trim().match(/^(?:https?:\/\/)?(?:t\.me|telegram\.me)\/(?:s\/)?([A-Za-z0-9_]{4,})\/?$/i);
  const name = match ? match[1] : value.trim().replace(/^@/, '');
  if (!name || !/^[A-Za-z0-9_]{4,}$/.test(name) || name === 'joinchat') return null;
  return `@${name}`;
}

/** Discord invite code from discord.gg/x, discord.com/invite/x or a bare code; null otherwise. */
export function toDiscordInviteCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = value
    .trim()
    .match(/^(?:https?:\/\/)?(?:www\.)?(?:discord\.gg|discord(?:app)?\.com\/invite)\/([A-Za-z0-9-]+)\/?$/i);
  const code = match ? match[1] : value.trim();
  return code && /^[A-Za-z0-9-]{2,}$/.test(code) ? code : null;
}

// The X handle parser lives with the X client (the social summary reads handles too); re-exported for ingestion.
export { toXUsername } from '../../sources/x/x.client.ts';
