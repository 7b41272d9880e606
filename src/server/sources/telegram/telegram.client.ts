import { z } from 'zod';
import { type HttpPolicy, parseBody, requestJson, SourceError } from '../http.ts';

const SOURCE = 'telegram';

const EnvelopeSchema = z.union([
  z.object({ ok: z.literal(true), result: z.number().int().nonnegative() }),
  z.object({
    ok: z.literal(false),
    error_code: z.number(),
    description: z.string(),
    parameters: z.object({ retry_after: z.number().optional() }).optional(),
  }),
]);

/**
 * getChatMemberCount for `@channel` (api-shapes §5). Flood control (429) carries `parameters.retry_after` in the
 * body, which the retry loop honours. Throws SourceError; the bot token never appears in an error message.
 */
export async function fetchChatMemberCount(
  baseUrl: string,
  token: string,
  chatId: string,
  policy: HttpPolicy,
): Promise<number> {
  const url = `${baseUrl}/bot${token}/getChatMemberCount?chat_id=${encodeURIComponent(chatId)}`;
  try {
    const response = await requestJson(SOURCE, url, policy, {
      retryAfterMs: (r) => {
        const parsed = EnvelopeSchema.safeParse(r.body);
        const seconds = parsed.success && !parsed.data.ok ? parsed.data.parameters?.retry_after : undefined;
        return seconds === undefined ? undefined : seconds * 1000;
      },
    });
    const body = parseBody(SOURCE, EnvelopeSchema, response.body);
    if (!body.ok) throw new SourceError(SOURCE, 'http', `${body.error_code} ${body.description}`, body.error_code);
    return body.result;
  } catch (error) {
    // Never echo the URL: it contains the token (requestJson names the path of a malformed body).
    if (error instanceof SourceError && !error.message.includes(token)) throw error;
    if (error instanceof SourceError) {
      const message = error.message.slice(`${SOURCE}: `.length).replaceAll(token, '<token>');
      throw new SourceError(SOURCE, error.kind, message, error.status);
    }
    throw new SourceError(SOURCE, 'network', 'request failed');
  }
}
