import type { FastifyBaseLogger } from 'fastify';
import type { AnalysisLang, BriefResponse } from '../../../shared/api/analysis.schema.ts';
import { dayKey } from '../../../shared/time/day-window.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { redactSecrets } from '../../log-redaction.ts';
import { type BriefInput, subjectOf } from './brief-input.ts';
import { buildBriefPrompt } from './brief-prompt.ts';
import { checkBrief, createDeltaRenderer } from './brief-tags.ts';
import { writeTemplateBrief } from './brief-template.ts';
import {
  type BriefKey,
  insertBriefClaim,
  insertUsageReservation,
  insertUsageSettlement,
  selectBriefRow,
  updateBriefClaim,
  updateBriefDone,
} from './briefs.queries.ts';
import { estimateTokens, type LlmClient, MAX_OUTPUT_TOKENS, ModelCallError } from './llm-client.ts';

type FallbackReason = NonNullable<BriefResponse['fallbackReason']>;

/**
 * How long a template served instead of the model's brief stands before a request tries the model again (same data
 * version). Meanwhile every request gets that template from the cache, so a failing or spent model is not called
 * on every page view. 'noModel' templates are not stored: they cost nothing to write.
 */
export const RETRY_AFTER_MS: Record<Exclude<FallbackReason, 'noModel'>, number> = {
  failed: 2 * 60_000,
  timeout: 2 * 60_000,
  budget: 10 * 60_000,
  rejected: 30 * 60_000,
};
/** A waiter polls the claimed row this often while another request writes the brief. */
const POLL_MS = 150;

export type BriefContext = {
  db: Db;
  config: Config;
  llm: LlmClient | null;
  log: FastifyBaseLogger;
  now?: () => Date;
};

/**
 * The brief of an analysis in a language: from the cache when this data version has one, else written once (one
 * request on one instance claims the key; the others wait for its row) by the model — checked — or by the template.
 * `onDelta` receives the model's text as it streams (tags rendered as their numbers); cached briefs send none.
 */
export async function getBrief(
  ctx: BriefContext,
  input: BriefInput,
  lang: AnalysisLang,
  onDelta: (text: string) => void = () => {},
): Promise<BriefResponse> {
  // A cached brief states the inputs as they are now, not as they were when it was written.
  return { ...(await findOrWriteBrief(ctx, input, lang, onDelta)), inputs: input.inputs };
}

async function findOrWriteBrief(
  ctx: BriefContext,
  input: BriefInput,
  lang: AnalysisLang,
  onDelta: (text: string) => void,
): Promise<BriefResponse> {
  const now = ctx.now ?? (() => new Date());
  if (!ctx.llm) return templateBrief(input, lang, 'noModel', now());
  const subject = subjectOf(input);
  const key: BriefKey = { kind: input.kind, entityId: subject.entityId ?? '', lang, dataVersion: subject.dataVersion };
  const staleMs = ctx.config.LLM_TIMEOUT_MS + 30_000;
  const waitUntil = Date.now() + ctx.config.LLM_TIMEOUT_MS + 5_000;
  for (;;) {
    const row = await selectBriefRow(ctx.db, key);
    const at = now();
    if (row?.state === 'done' && row.brief && (!row.retryAt || row.retryAt > at)) return row.brief;
    const claimed = !row
      ? await insertBriefClaim(ctx.db, key, at)
      : (row.state === 'done' || row.claimedAt.getTime() < at.getTime() - staleMs) &&
        (await updateBriefClaim(ctx.db, key, row, at));
    if (claimed) return writeBrief(ctx, key, input, onDelta, ctx.llm);
    // Another request is writing it: its earlier fallback (if any) now, else its result once written.
    if (row?.state === 'pending' && row.brief) return row.brief;
    if (Date.now() > waitUntil) return templateBrief(input, lang, 'timeout', now());
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The claimant's part: reserve tokens, call the model, check its text, store the brief (or the template). */
async function writeBrief(
  ctx: BriefContext,
  key: BriefKey,
  input: BriefInput,
  onDelta: (text: string) => void,
  llm: LlmClient,
): Promise<BriefResponse> {
  const now = ctx.now ?? (() => new Date());
  const fallback = async (reason: Exclude<FallbackReason, 'noModel'>) => {
    const brief = templateBrief(input, key.lang, reason, now());
    await updateBriefDone(ctx.db, key, brief, new Date(now().getTime() + RETRY_AFTER_MS[reason]));
    return brief;
  };
  const prompt = buildBriefPrompt(input, key.lang);
  const reserved = {
    day: dayKey(now(), ctx.config.DAY_TIME_ZONE),
    kind: key.kind,
    entityId: key.entityId,
    tokensIn: estimateTokens(prompt.system) + estimateTokens(prompt.user),
    tokensOut: MAX_OUTPUT_TOKENS,
  };
  if (!(await insertUsageReservation(ctx.db, reserved, ctx.config.LLM_DAILY_TOKEN_BUDGET))) return fallback('budget');
  const settle = (tokensIn: number, tokensOut: number) =>
    insertUsageSettlement(ctx.db, {
      ...reserved,
      tokensIn: tokensIn - reserved.tokensIn,
      tokensOut: tokensOut - reserved.tokensOut,
    });
  const renderer = createDeltaRenderer(onDelta);
  let answer: Awaited<ReturnType<LlmClient['complete']>>;
  try {
    answer = await llm.complete(prompt, (text) => renderer.push(text));
    renderer.flush();
  } catch (error) {
    if (!(error instanceof ModelCallError)) throw error;
    // The prompt may have been read: charge it, and what was written before the failure.
    await settle(reserved.tokensIn, estimateTokens(error.partial));
    const message = redactSecrets(error.message, [ctx.config.LLM_API_KEY], '[redacted]');
    ctx.log.warn({ brief: key, reason: error.reason, status: error.status, message }, 'brief: model call failed');
    return fallback(error.reason);
  }
  await settle(answer.tokensIn, answer.tokensOut);
  const subject = subjectOf(input);
  const check = checkBrief(answer.text, subject.facts, subject.names);
  if (!check.ok) {
    ctx.log.warn({ brief: key, problem: check.problem }, 'brief: model text rejected');
    return fallback('rejected');
  }
  const brief: BriefResponse = {
    ...headerOf(input, key.lang, now()),
    origin: 'model',
    model: llm.model,
    fallbackReason: null,
    segments: trimEnds(check.segments),
    facts: subject.facts.filter((fact) => check.cited.includes(fact.key)),
    inputs: input.inputs,
  };
  await updateBriefDone(ctx.db, key, brief, null);
  return brief;
}

export function templateBrief(input: BriefInput, lang: AnalysisLang, reason: FallbackReason, at: Date): BriefResponse {
  const { segments, cited } = writeTemplateBrief(input, lang);
  return {
    ...headerOf(input, lang, at),
    origin: 'template',
    model: null,
    fallbackReason: reason,
    segments,
    facts: input.analysis.facts.filter((fact) => cited.includes(fact.key)),
    inputs: input.inputs,
  };
}

function headerOf(input: BriefInput, lang: AnalysisLang, at: Date) {
  const subject = subjectOf(input);
  return {
    kind: input.kind,
    entityId: subject.entityId,
    lang,
    dataVersion: subject.dataVersion,
    generatedAt: at.toISOString(),
  };
}

/** Without the model's leading and trailing white space (and runs left empty by it). */
function trimEnds(segments: BriefResponse['segments']): BriefResponse['segments'] {
  const out = segments.map((segment) => ({ ...segment }));
  const first = out[0];
  const last = out.at(-1);
  if (first && first.fact === null) first.text = first.text.trimStart();
  if (last && last.fact === null) last.text = last.text.trimEnd();
  return out.filter((segment) => segment.text !== '');
}
