import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../shared/api/errors.ts';
import { type Language, pickLanguage, translate } from '../../shared/locales/index.ts';
import { AppError } from '../errors.ts';

/** The request's language: `?lang=` first, then Accept-Language, else zh. */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const explicit = typeof query?.lang === 'string' ? query.lang : undefined;
  return pickLanguage(explicit, request.headers['accept-language']);
}

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  params: Record<string, string | number>,
  details?: unknown,
) {
  const message = translate(requestLanguage(request), `errors.${code}`, params);
  return reply
    .status(ERROR_STATUS[code])
    .send({ error: { code, message, ...(details === undefined ? {} : { details }) } });
}

// zod's own message catalogues, so a validation reason reads in the request's language too.
const ZOD_LOCALES = { zh: z.locales.zhCN().localeError, en: z.locales.en().localeError };

function localiseIssue(lang: Language, issue: { keyword: string; message?: string; params: unknown }): string {
  // A schema may carry its own message as a catalogue key (e.g. auth.validation.invalidEmail): translate it.
  const fromCatalogue = issue.message ? translate(lang, issue.message) : undefined;
  if (fromCatalogue && fromCatalogue !== issue.message) return fromCatalogue;
  const raw = { ...(issue.params as object), code: issue.keyword, path: [], message: issue.message };
  const out = ZOD_LOCALES[lang](raw as never);
  const text = typeof out === 'string' ? out : out?.message;
  return text ?? issue.message ?? issue.keyword;
}

function describeValidation(err: FastifyError, lang: Language): { reason: string; details: unknown } {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (err.validationContext ?? 'request'),
      message: localiseIssue(lang, issue),
    }));
    return { reason: issues.map((i) => `${i.field}: ${i.message}`).join('; '), details: issues };
  }
  return { reason: err.message, details: undefined };
}

/** One error shape for every failure: { error: { code, message, details? } }, message in the request's language. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return send(request, reply, err.code, err.params, err.details);
    if (err.validation) {
      const { reason, details } = describeValidation(err, requestLanguage(request));
      return send(request, reply, 'VALIDATION_FAILED', { reason }, details);
    }
    if (err.statusCode === 413) return send(request, reply, 'PAYLOAD_TOO_LARGE', {});
    if (err.statusCode === 429) return send(request, reply, 'RATE_LIMITED', {});
    if (err.statusCode && err.statusCode < 500) return send(request, reply, 'BAD_REQUEST', { reason: err.message });
    request.log.error({ err }, 'unhandled error');
    return send(request, reply, 'INTERNAL', {});
  });
  app.setNotFoundHandler((request, reply) => send(request, reply, 'NOT_FOUND', {}));
});
