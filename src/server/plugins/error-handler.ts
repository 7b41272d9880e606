import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_STATUS, type ErrorCode } from '../../shared/api/errors.ts';
import { type FieldIssue, type IssueLike, ruleOfIssue } from '../../shared/api/validation-rules.ts';
import { DEFAULT_LANGUAGE, type Language, pickLanguage, translate } from '../../shared/locales/index.ts';
import { connectionErrorCode, databaseQueryErrorState, isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from '../errors.ts';
import { safeErrorMessage } from '../log-redaction.ts';

/**
 * The request's language: `?lang=` first, then Accept-Language, else zh for the web app's API and en for the public
 * API (/api/v1), whose clients are scripts that usually send no language and read English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const explicit = typeof query?.lang === 'string' ? query.lang : undefined;
  return pickLanguage(explicit, request.headers['accept-language'], fallbackLanguageOf(request.url));
}

/** The language of a request that names none: English on the public API, else the product's default (zh). */
export function fallbackLanguageOf(url: string): Language {
  return isPublicApiPath(url) ? 'en' : DEFAULT_LANGUAGE;
}

function isPublicApiPath(url: string): boolean {
  return url === '/api/v1' || url.startsWith('/api/v1/') || url.startsWith('/api/v1?');
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

/** A refused field in the request's language: a schema's own catalogue key wins, else its rule's sentence. */
export function describeFieldIssue(lang: Language, issue: FieldIssue, ownMessage?: string) {
  const fromCatalogue = ownMessage ? translate(lang, ownMessage) : undefined;
  const params = { ...issue.params };
  if (issue.rule === 'wrongType' && typeof params.expected === 'string') {
    params.expected = translate(lang, `validation.expected.${params.expected}`);
  }
  if (typeof params.suggestion === 'string' && params.suggestion) {
    params.suggestion = translate(lang, 'validation.suggestion', { value: params.suggestion });
  }
  const message =
    fromCatalogue && fromCatalogue !== ownMessage
      ? fromCatalogue
      : translate(lang, `validation.rules.${issue.rule}`, params);
  return { field: issue.field, rule: issue.rule, message };
}

/** A zod issue as fastify-type-provider-zod hands it over (keyword = zod's code, params = the rest of the issue). */
type RouteIssue = { keyword: string; instancePath: string; message?: string; params: unknown };

function toFieldIssue(issue: RouteIssue, fallbackField: string): { issue: FieldIssue; own?: string } {
  const raw = { ...(issue.params as object), code: issue.keyword, message: issue.message } as IssueLike;
  const { rule, params } = ruleOfIssue(raw);
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || fallbackField;
  // A message that is a catalogue key (auth.validation.invalidEmail, validation.formats.slug) is the schema's own.
  const own = issue.message && /^[a-z]+\.[\w.]+$/.test(issue.message) ? issue.message : undefined;
  return { issue: { field, rule, params }, own };
}

/** Field issues as the body's details ({ field, rule, message }) and the {{reason}} of the headline message. */
export function describeFieldIssues(lang: Language, issues: { issue: FieldIssue; own?: string }[]) {
  const details = issues.map(({ issue, own }) => describeFieldIssue(lang, issue, own));
  return { reason: details.map((d) => `${d.field}: ${d.message}`).join('; '), details };
}

function describeValidation(err: FastifyError, lang: Language): { reason: string; details: unknown } {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fallback = err.validationContext ?? 'request';
    return describeFieldIssues(
      lang,
      err.validation.map((issue) => toFieldIssue(issue, fallback)),
    );
  }
  return { reason: err.message, details: undefined };
}

/**
 * A service's own field refusals (AppError VALIDATION_FAILED with FieldIssue[] details: an unknown sector or chain)
 * and an import row's (IMPORT_ROW_INVALID with one issue), worded in the request's language like a schema's.
 */
function localiseAppError(
  err: AppError,
  lang: Language,
): { params: Record<string, string | number>; details: unknown } {
  if (err.code === 'VALIDATION_FAILED' && isFieldIssueList(err.details)) {
    const { reason, details } = describeFieldIssues(
      lang,
      err.details.map((issue) => ({ issue })),
    );
    return { params: { ...err.params, reason }, details };
  }
  if (err.code === 'IMPORT_ROW_INVALID' && isRowIssue(err.details)) {
    const { issue, own, ...where } = err.details;
    const { message } = describeFieldIssue(lang, issue, own);
    return { params: { ...err.params, reason: message }, details: { ...where, rule: issue.rule, message } };
  }
  return { params: err.params, details: err.details };
}

const isFieldIssue = (value: unknown): value is FieldIssue =>
  typeof value === 'object' && value !== null && 'field' in value && 'rule' in value;
const isFieldIssueList = (value: unknown): value is FieldIssue[] =>
  Array.isArray(value) && value.length > 0 && value.every(isFieldIssue);
const isRowIssue = (
  value: unknown,
): value is { issue: FieldIssue; own?: string; list: string; row: number; field: string } =>
  typeof value === 'object' && value !== null && 'issue' in value && isFieldIssue((value as { issue: unknown }).issue);

/** Fastify's body-parser failures, whose own messages are English only. */
const BODY_PARSER_ERRORS: Partial<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
};

/** One error shape for every failure: { error: { code, message, details? } }, message in the request's language. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const { params, details } = localiseAppError(err, requestLanguage(request));
      return send(request, reply, err.code, params, details);
    }
    if (err.validation) {
      const { reason, details } = describeValidation(err, requestLanguage(request));
      return send(request, reply, 'VALIDATION_FAILED', { reason }, details);
    }
    const parserCode = BODY_PARSER_ERRORS[err.code];
    if (parserCode) return send(request, reply, parserCode, {});
    if (err.statusCode === 413) return send(request, reply, 'PAYLOAD_TOO_LARGE', {});
    if (err.statusCode === 429) return send(request, reply, 'RATE_LIMITED', {});
    if (err.statusCode && err.statusCode < 500) return send(request, reply, 'BAD_REQUEST', { reason: err.message });
    if (isDatabaseUnavailable(err)) {
      // A database restart or outage: the client may retry; the pool reconnects by itself (db/unavailable.ts).
      request.log.warn({ errCode: connectionErrorCode(err) }, 'database unavailable');
      reply.header('retry-after', '1');
      return send(request, reply, 'DATABASE_UNAVAILABLE', {});
    }
    const sqlState = databaseQueryErrorState(err);
    if (sqlState) {
      // Spec §8: 数据库查询失败 plus its detail, the detail for admins only (it names tables and columns; never values).
      request.log.error({ err }, 'database query failed');
      const detail = request.auth?.user.role === 'admin' ? { sqlState, detail: safeErrorMessage(err) } : undefined;
      return send(request, reply, 'DATABASE_QUERY_FAILED', {}, detail);
    }
    request.log.error({ err }, 'unhandled error');
    return send(request, reply, 'INTERNAL', {});
  });
  app.setNotFoundHandler((request, reply) => send(request, reply, 'NOT_FOUND', {}));
});

/**
 * Fastify's `frameworkErrors`: the router fails before any route or hook runs (a malformed percent-encoding, a path
 * parameter over maxParamLength). Without it Fastify answers in its own shape.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL') return send(request, reply, 'INVALID_URL', {});
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(request, reply, 'URI_TOO_LONG', {});
  request.log.error({ err }, 'framework error');
  return send(request, reply, 'INTERNAL', {});
}

/** The language of a request Node could not parse, read from its raw bytes (`?lang=` or Accept-Language). */
function languageOfRawRequest(err: ConnectionError): Language {
  // Node hands over a Buffer; Fastify's types describe its JSON form.
  const raw: unknown = err.rawPacket;
  const text = Buffer.isBuffer(raw) ? raw.subarray(0, 16 * 1024).toString('latin1') : '';
  const target = /^[A-Z]+ (\S+)/.exec(text)?.[1] ?? '';
  const query = target.includes('?') ? target.slice(target.indexOf('?') + 1) : '';
  const explicit = new URLSearchParams(query).get('lang') ?? undefined;
  const accept = /^accept-language:[ \t]*([^\r\n]*)/im.exec(text)?.[1];
  return pickLanguage(explicit, accept, fallbackLanguageOf(target));
}

function clientErrorCode(err: ConnectionError): ErrorCode {
  if (err.code === 'HPE_HEADER_OVERFLOW') return 'HEADERS_TOO_LARGE';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'REQUEST_TIMEOUT';
  return 'MALFORMED_REQUEST';
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser rejected the bytes (oversized headers, not HTTP at all, a
 * timeout), so there is no request or reply object, only the socket; the answer is written by hand in our shape.
 */
export function clientErrorHandler(this: FastifyInstance, err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ errCode: err.code }, 'client error'); // the client's fault and usually noise: no stack, no bytes
  if (socket.writable) {
    const code = clientErrorCode(err);
    const status = ERROR_STATUS[code];
    const message = translate(languageOfRawRequest(err), `errors.${code}`);
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
