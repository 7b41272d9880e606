import { z } from 'zod';
import { type HttpPolicy, parseBody, requestJson } from '../http.ts';

const SOURCE = 'discord';

const InviteSchema = z.object({
  code: z.string(),
  approximate_member_count: z.number().int().nonnegative(),
  approximate_presence_count: z.number().int().nonnegative().nullish(),
});

/**
 * GET /invites/{code}?with_counts=true → approximate member count (api-shapes §6). Waits honour
 * `X-RateLimit-Reset-After` (fractional seconds) or `Retry-After`. An unknown invite is a `not_found` SourceError.
 */
export async function fetchInviteMemberCount(baseUrl: string, code: string, policy: HttpPolicy): Promise<number> {
  const response = await requestJson(
    SOURCE,
    `${baseUrl}/invites/${encodeURIComponent(code)}?with_counts=true`,
    policy,
    {
      retryAfterMs: (r) => {
        const resetAfter = Number(r.headers.get('x-ratelimit-reset-after'));
        if (r.headers.has('x-ratelimit-reset-after') && Number.isFinite(resetAfter)) return resetAfter * 1000;
        const body = z.object({ retry_after: z.number() }).safeParse(r.body);
        return body.success ? body.data.retry_after * 1000 : undefined;
      },
    },
  );
  return parseBody(SOURCE, InviteSchema, response.body).approximate_member_count;
}
