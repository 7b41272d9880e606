import { CLIENT_ERROR_LIMITS, type ClientErrorReport } from '../../../shared/api/client-errors.schema.ts';

// What a crash report may carry into the database: nothing that names a person or carries a token. The browser sends
// the path only, but a message or stack can quote any URL or text the app held, so the server scrubs every field.

// user@example.org, and the same percent-encoded in a URL (user%40example.org).
const EMAIL = /[\p{L}\p{N}._%+-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/giu;
// A query string or fragment with parameters (?a=1&b=2, #access_token=…): the place of tokens, searches and ids.
const QUERY = /[?#][^\s'"`<>()[\]{}]*=[^\s'"`<>()[\]{}]*/g;
// C0 controls but tab and newline, and DEL: nothing a reader of the admin list needs.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Masks e-mail-like strings and drops query strings and fragments with parameters from free text. */
export function scrubText(text: string): string {
  return text.replace(CONTROL, '').replace(QUERY, '').replace(EMAIL, '[email]');
}

/** The path of a route: no query string or fragment at all, e-mail-like segments masked. */
export function scrubRoute(route: string): string {
  const path = route.split(/[?#]/, 1)[0] || '/';
  return scrubText(path);
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A report as stored: scrubbed, then cut to CLIENT_ERROR_LIMITS (characters). */
export function toStoredReport(report: ClientErrorReport) {
  const stack = report.stack === null ? null : cut(scrubText(report.stack), CLIENT_ERROR_LIMITS.stack);
  return {
    message: cut(scrubText(report.message).trim() || '(no message)', CLIENT_ERROR_LIMITS.message),
    stack: stack === '' ? null : stack,
    route: cut(scrubRoute(report.route), CLIENT_ERROR_LIMITS.route),
    buildId: report.buildId || null,
    boundary: report.boundary,
  };
}
