import type { ClientErrorReport } from '../../shared/api/client-errors.schema.ts';
import { buildUrl } from './api-client.ts';
import { env } from './env.ts';

// The spec's "exception event": a render error caught by a fallback is posted to the server (POST /api/client-errors)
// for the admin's "client errors" tab. No cookie is sent (credentials: 'omit'), so a report names no account; the route
// is the path only; the server scrubs e-mails and query strings from the message and stack as well.

const MAX_REPORTS_PER_PAGE = 5;
const reported = new WeakSet<object>();
let sent = 0;

type Boundary = ClientErrorReport['boundary'];

const BUILD_ID = env.VITE_BUILD_ID ?? null;

/** The report of an error: its message and stack (with React's component stack when given), the page's path. */
export function toCrashReport(error: unknown, boundary: Boundary, componentStack?: string | null): ClientErrorReport {
  const isError = error instanceof Error;
  const message = (isError ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);
  const stacks = [isError ? error.stack : undefined, componentStack ? `Component stack:${componentStack}` : undefined];
  const stack = stacks.filter(Boolean).join('\n').slice(0, 12_000);
  return {
    message: message.trim() || 'Unknown error',
    stack: stack || null,
    route: window.location.pathname || '/',
    buildId: BUILD_ID && /^[\w.-]{1,64}$/.test(BUILD_ID) ? BUILD_ID : null,
    boundary,
  };
}

/**
 * Sends one crash report (at most once per error object and five per page load); never throws, never retries — a
 * report that cannot be sent is only logged to the console, where it also always goes.
 */
export function reportCrash(error: unknown, boundary: Boundary, componentStack?: string | null): void {
  console.error('Unhandled render error', error, componentStack ?? '');
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  if (sent >= MAX_REPORTS_PER_PAGE) return;
  sent += 1;
  void fetch(buildUrl('/api/client-errors'), {
    method: 'POST',
    credentials: 'omit',
    keepalive: true,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(toCrashReport(error, boundary, componentStack)),
  }).catch((failure: unknown) => console.error('crash report not sent', failure));
}
