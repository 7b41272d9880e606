import type OpenAI from 'openai';
import type { Config } from '../../config.ts';
import type { BriefPrompt } from './brief-prompt.ts';

// One client of any OpenAI-compatible /v1/chat/completions endpoint (OpenAI, DeepSeek, Qwen, Ollama, llama.cpp):
// streaming, with the usage chunk asked for, one attempt (no retries: a failure serves the template at once), and
// the whole call bounded by LLM_TIMEOUT_MS.

/** The output limit of one brief (3–6 sentences with tags fit well within it); reserved from the budget up front. */
export const MAX_OUTPUT_TOKENS = 700;

/**
 * A conservative token count for servers that report no usage: UTF-8 bytes / 3, rounded up. English runs about four
 * characters a token, so this over-counts it; a Chinese character is three bytes and about one token.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, 'utf8') / 3);
}

export type ModelAnswer = { text: string; tokensIn: number; tokensOut: number; usageReported: boolean };

export class ModelCallError extends Error {
  readonly reason: 'failed' | 'timeout';
  readonly status: number | null;
  /** The text received before the failure (its tokens are charged). */
  readonly partial: string;
  constructor(reason: 'failed' | 'timeout', status: number | null, partial: string, message: string) {
    super(message);
    this.name = 'ModelCallError';
    this.reason = reason;
    this.status = status;
    this.partial = partial;
  }
}

export type LlmClient = {
  model: string;
  /** Streams the brief: `onDelta` gets each piece of text as it comes; resolves with the whole text and usage. */
  complete: (prompt: BriefPrompt, onDelta: (text: string) => void) => Promise<ModelAnswer>;
};

/** The configured model's client, or null when LLM_BASE_URL or LLM_MODEL is unset (template briefs only). */
export function createLlmClient(config: Config): LlmClient | null {
  const { LLM_BASE_URL: baseURL, LLM_MODEL: model, LLM_TIMEOUT_MS: timeoutMs } = config;
  if (!baseURL || !model) return null;
  // The SDK (~13 MB resident) is loaded on the first brief a model writes, not at start.
  let loaded: Promise<{ sdk: typeof OpenAI; client: OpenAI }> | null = null;
  const load = () => {
    loaded ??= import('openai').then(({ default: sdk }) => ({
      sdk,
      // Every option explicit: the SDK would otherwise read OPENAI_API_KEY, OPENAI_ORG_ID, … from the environment.
      client: new sdk({
        baseURL,
        apiKey: config.LLM_API_KEY ?? 'none',
        organization: null,
        project: null,
        maxRetries: 0,
        timeout: timeoutMs,
      }),
    }));
    return loaded;
  };
  return {
    model,
    async complete(prompt, onDelta) {
      const signal = AbortSignal.timeout(timeoutMs);
      const promptTokens = estimateTokens(prompt.system) + estimateTokens(prompt.user);
      let text = '';
      let usage: { prompt_tokens: number; completion_tokens: number } | null = null;
      const { sdk, client } = await load();
      try {
        const stream = await client.chat.completions.create(
          {
            model,
            messages: [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
            stream: true,
            stream_options: { include_usage: true },
            max_tokens: MAX_OUTPUT_TOKENS,
            temperature: 0.2,
          },
          { signal },
        );
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content;
          if (delta) {
            text += delta;
            onDelta(delta);
          }
          if (chunk.usage) usage = chunk.usage;
        }
      } catch (error) {
        const status = error instanceof sdk.APIError && typeof error.status === 'number' ? error.status : null;
        const timedOut = signal.aborted || error instanceof sdk.APIConnectionTimeoutError;
        const message = error instanceof Error ? error.message : String(error);
        throw new ModelCallError(timedOut ? 'timeout' : 'failed', status, text, message);
      }
      return usage
        ? { text, tokensIn: usage.prompt_tokens, tokensOut: usage.completion_tokens, usageReported: true }
        : { text, tokensIn: promptTokens, tokensOut: estimateTokens(text), usageReported: false };
    },
  };
}
