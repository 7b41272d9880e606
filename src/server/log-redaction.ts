import type { FastifyServerOptions } from 'fastify';

// A failed query's error carries the values it was run with: Drizzle's DrizzleQueryError appends "params: …" to its
// message (and so to its stack) and keeps them in .params; PGlite sets .params on its own error too. Those values
// include password hashes and encrypted X secrets, so every logged error goes through serializeError, which keeps the
// statement text (placeholders only), the database error code and the stack, and drops the values.

/** Fields that hold or echo a statement's values (PostgreSQL's detail reads "Key (email)=(…) already exists"). */
const VALUE_FIELDS = new Set(['params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery']);
const PARAMS_TAIL = /\nparams: [\s\S]*$/;
const MAX_CAUSES = 5;

/** An error's message without a failed query's values; a query error is followed by its cause (the database's words). */
export function safeErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const own = error.message.replace(PARAMS_TAIL, '');
  return own !== error.message && error.cause instanceof Error ? `${own}: ${safeErrorMessage(error.cause)}` : own;
}

/** The pino `err` serializer: type, message, stack and own fields (code, severity, table, constraint…), no values. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const message = error.message.replace(PARAMS_TAIL, '');
  const out: Record<string, unknown> = { type: error.constructor.name, message };
  for (const [key, value] of Object.entries(error)) {
    if (!VALUE_FIELDS.has(key) && key !== 'cause') out[key] = value;
  }
  if (error.stack) out.stack = error.stack.replace(error.message, message);
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * Credentials a request carries (an API key in Authorization, the session in Cookie): censored wherever a log line
 * includes request headers (Fastify's default request serializer does not, a custom one or `{ headers }` might).
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  // The model's key (LLM_API_KEY; docs/analysis.md "Briefs"), should a config or client object reach a log line.
  'LLM_API_KEY',
  '*.LLM_API_KEY',
  'apiKey',
  '*.apiKey',
] as const;

/** Query parameters that carry a credential: one-time links, an OAuth callback's code and state, an API key. */
const CREDENTIAL_PARAMS = new Set(['token', 'code', 'state', 'api_key', 'apikey', 'key', 'secret', 'password']);

/** A URL as logged: each credential parameter's value is `[redacted]`, the path and the other parameters as sent. */
export function redactUrlCredentials(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && CREDENTIAL_PARAMS.has(safeDecode(name).toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * Fastify's own request serializer, with the URL's credentials redacted (the request log writes every URL). Any
 * other `req` a log line carries (not a request) is kept as given, for REDACTED_PATHS to censor.
 */
function serializeRequest(request: LoggedRequest) {
  if (typeof request?.url !== 'string' || typeof request.method !== 'string') return request;
  return {
    method: request.method,
    url: redactUrlCredentials(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify logger options with serializeError for `err`, whatever options the caller chose. */
export function withSafeErrorLogging(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  // Fastify types `err` as FastifyError → object; serializeError returns an object for every Error it is given.
  const err = (error: unknown) => serializeError(error) as { type: string; message: string; stack: string };
  return {
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    ...options,
    serializers: { req: serializeRequest, ...options.serializers, err },
  };
}

/** The text with every non-empty secret replaced by `marker` (stored mail once delivered, public sync errors). */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[], marker: string): string {
  return secrets.reduce<string>((out, secret) => (secret ? out.replaceAll(secret, marker) : out), text);
}
