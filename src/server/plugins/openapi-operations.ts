import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../shared/api/auth.values.ts';
import { ErrorBodySchema } from '../../shared/api/common.schema.ts';

/** The session cookie as an OpenAPI security scheme (the web app's routes; /api/v1 uses its bearer key). */
export const SESSION_SECURITY_SCHEME = 'sessionCookie';
export const SESSION_SECURITY_DEFINITION = {
  type: 'apiKey' as const,
  in: 'cookie' as const,
  name: SESSION_COOKIE,
  description:
    'The session cookie set by POST /api/auth/login (or sign-up, OAuth). Writes also need the CSRF header the web ' +
    'app sends. Routes a visitor may call work without it.',
};

/** Every error answer has one shape; these say when each status comes. */
const ERROR_MEANINGS = {
  400: 'Bad input: VALIDATION_FAILED (details name the field and the rule), INVALID_CHARACTERS, MALFORMED_REQUEST, or this operation’s own 400 codes. Nothing changed.',
  401: 'Sign-in required (SIGN_IN_REQUIRED), or the session ended.',
  403: 'Not allowed: the level or role needed (FEATURE_LOCKED, FEATURE_LOCKED_VIP, ADMIN_REQUIRED), EMAIL_NOT_VERIFIED, or a missing CSRF header on a write.',
  404: 'Not found, or not the caller’s (another user’s ids are not found): NOT_FOUND or a more precise code.',
  409: 'Conflicts with the current state (e.g. a duplicate, or a state that no longer allows the change).',
  413: 'The body is larger than this operation accepts.',
  429: 'Too many requests, or a daily/hourly quota is used up; Retry-After (seconds) says when to try again.',
  '5XX':
    'A failure on our side or upstream: 500 INTERNAL; 502 when an outside service answered with an error (X_UPSTREAM_ERROR, PAYMENT_PROVIDER_FAILED); 503 when the database or a needed service is unavailable for a moment (DATABASE_UNAVAILABLE, FEATURE_UNAVAILABLE); retry later.',
} as const;
type ErrorStatus = keyof typeof ERROR_MEANINGS;

type RouteSchema = {
  params?: unknown;
  body?: unknown;
  querystring?: unknown;
  response?: Record<string | number, unknown>;
  security?: unknown;
  produces?: unknown;
  hide?: boolean;
  [key: string]: unknown;
};

/**
 * The error statuses an operation can answer: always 400, 429 and 5XX; 404 when it names something (a path id, or an
 * id in its query or body) or writes; the rest from what the operation takes.
 */
export function errorStatusesOf(method: string, url: string, schema: RouteSchema): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400];
  const v1 = url.startsWith('/api/v1/');
  if (!v1) statuses.push(401, 403); // v1 documents its own key errors (V1_ERROR_RESPONSES)
  const namesSomething = url.includes(':') || url.includes('{') || schema.body || schema.querystring;
  // A write may act on the caller's own thing (my team, my session), which may not exist: 404 too.
  if (namesSomething || method !== 'GET') statuses.push(404);
  if (method !== 'GET' && method !== 'HEAD') statuses.push(409);
  if (schema.body) statuses.push(413);
  statuses.push(429, '5XX');
  return statuses;
}

function errorResponse(status: ErrorStatus): z.ZodType {
  return ErrorBodySchema.meta({ description: ERROR_MEANINGS[status] });
}

/** A document path is written without a trailing slash ("/api/projects/" is the prefix route "/api/projects"). */
export function documentPath(url: string): string {
  return url.length > 1 ? url.replace(/\/+$/, '') : url;
}

const DELETED = z.null().meta({ description: 'Deleted; no body.' }); // the content is dropped below

/**
 * A stable operationId from the method and path, for generated clients ("GET /api/projects/{id}" → getProjectsById);
 * a route may set its own.
 */
export function operationIdOf(method: string, url: string): string {
  const words = documentPath(url)
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^(?::(.+)|\{(.+)\})$/.exec(segment);
      const word = param ? `by-${param[1] ?? param[2]}` : segment;
      return word.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`, and zod writes it beside an anyOf/oneOf of alternatives: move it
 * into the first alternative (a typed one), so null stays allowed and still matches exactly one branch of a oneOf.
 * Walks every schema of the operation, in place; example values are data, left alone.
 */
export function placeNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) placeNullable(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(schema)) if (key !== 'example' && key !== 'examples') placeNullable(value);
  if (schema.nullable !== true || 'type' in schema) return;
  const alternatives = (schema.anyOf ?? schema.oneOf) as Record<string, unknown>[] | undefined;
  const first = alternatives?.[0];
  if (!first || !('type' in first)) return; // nothing typed to carry it: left for the linter to report
  alternatives[0] = { ...first, nullable: true };
  delete schema.nullable;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * @fastify/swagger's transform: every operation documents the error answers it can give (one error shape), 204s
 * carry no body, the session cookie is declared as security (optional: a visitor may call public routes), and no path
 * ends in a slash — so a strict client or a validating proxy takes the server's real answers as documented.
 */
export function documentOperation(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const schema = (input.schema ?? {}) as RouteSchema;
  const method = String(Array.isArray(input.route.method) ? input.route.method[0] : input.route.method).toUpperCase();
  const response: Record<string | number, unknown> = { ...(schema.response ?? {}) };
  for (const status of errorStatusesOf(method, input.url, schema)) response[status] ??= errorResponse(status);
  // The house rule for deletes: 204 and no body, unless the route documents another success.
  const declaresSuccess = Object.keys(response).some((status) => status.startsWith('2'));
  if (method === 'DELETE' && !declaresSuccess) response[204] = DELETED;
  const security = schema.security ?? [{}, { [SESSION_SECURITY_SCHEME]: [] }];
  const operationId = schema.operationId ?? operationIdOf(method, input.url);
  const out = jsonSchemaTransform({
    ...input,
    schema: { ...schema, response, security, operationId } as TransformInput['schema'],
  });
  placeNullable(out.schema);
  const documented = out.schema as { response?: Record<string, { description?: string; [key: string]: unknown }> };
  const responses = documented.response ?? {};
  // A 204 has no body: @fastify/swagger writes no content for a `type: 'null'` response.
  if (responses['204']) responses['204'] = { type: 'null', description: responses['204'].description ?? 'No content' };
  // Errors are JSON whatever the operation produces (an event stream's refusal is a JSON error too). A schema's
  // `examples` (JSON Schema) is not OpenAPI 3.0's: it becomes the media type's example, as @fastify/swagger does for
  // the success answers.
  for (const [status, entry] of Object.entries(responses)) {
    if (!/^[45]/.test(status)) continue;
    const { description, examples, ...json } = entry as { description?: string; examples?: unknown[] };
    const example = examples?.[0] === undefined ? {} : { example: examples[0] };
    responses[status] = { description, content: { 'application/json': { schema: json, ...example } } };
  }
  // A route without a success schema (an event stream, a file) still answers 200: say so, in its media type.
  const succeeds = Object.keys(responses).some((status) => /^[23]/.test(status));
  const produces = (schema.produces as string[] | undefined)?.[0] ?? 'application/octet-stream';
  if (!succeeds) {
    responses['200'] = {
      description: 'OK: the body is the stream or file this operation describes',
      content: { [produces]: { schema: { type: 'string' } } },
    };
  }
  documented.response = responses;
  return { ...out, url: documentPath(out.url) };
}
