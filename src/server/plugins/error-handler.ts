import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../shared/api/errors.ts';
import { type Language, pickLanguage, translate } from '../../shared/locales/index.ts';
import { connectionErrorCode, isDatabaseUnavailable } from '../db/unavailable.ts';
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
    if (err instanceof AppError) return send(request, reply, err.code, err.params, err.details);
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
  return pickLanguage(explicit, /^accept-language:[ \t]*([^\r\n]*)/im.exec(text)?.[1]);
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
