import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../shared/api/auth.values.ts';

// Helpers for fault tests and scripts that drive a real server process over HTTP: a signed-in session,
// and a burst of concurrent requests that records every answer (or the failure to get one).

export type Answer = { url: string; at: number; status: number; body: string };

function cookieOf(response: Response, name: string): string | undefined {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const index = pair.indexOf('=');
    if (pair.slice(0, index) === name) return pair.slice(index + 1);
  }
  return undefined;
}

/** Signs a new account up over HTTP; returns the Cookie header of its session (with its CSRF token). */
export function signUpOverHttp(baseUrl: string, email: string, password = 'correct-horse-1') {
  return authenticateOverHttp(baseUrl, 'sign-up', { email, password, confirmPassword: password, acceptTerms: true });
}

/** Signs an existing account in over HTTP (e.g. an admin inserted before the server started); as signUpOverHttp. */
export function signInOverHttp(baseUrl: string, email: string, password: string) {
  return authenticateOverHttp(baseUrl, 'sign-in', { email, password });
}

async function authenticateOverHttp(baseUrl: string, action: 'sign-up' | 'sign-in', body: object) {
  const first = await fetch(`${baseUrl}/api/auth/csrf`);
  const anonymous = cookieOf(first, CSRF_COOKIE);
  if (!anonymous) throw new Error(`no CSRF cookie from ${baseUrl}`);
  const response = await fetch(`${baseUrl}/api/auth/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${anonymous}`, [CSRF_HEADER]: anonymous },
    body: JSON.stringify(body),
  });
  const expected = action === 'sign-up' ? 201 : 200;
  if (response.status !== expected) throw new Error(`${action}: ${response.status} ${await response.text()}`);
  const session = cookieOf(response, SESSION_COOKIE);
  const csrfToken = cookieOf(response, CSRF_COOKIE) ?? '';
  return { cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrfToken}`, csrfToken };
}

/** One request; a network error or a timeout is recorded as status 0 with the error's name. */
export async function ask(url: string, init: RequestInit = {}, timeoutMs = 15_000): Promise<Answer> {
  const at = Date.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { url, at, status: response.status, body: await response.text() };
  } catch (error) {
    return { url, at, status: 0, body: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/**
 * `workers` loops, each sending requests from `next` one after another until `stop()` resolves; every answer is
 * kept. Returns the answers in the order they started.
 */
export async function burst(
  workers: number,
  next: (worker: number, index: number) => { url: string; init?: RequestInit },
  stop: Promise<unknown>,
): Promise<Answer[]> {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let index = 0; !stopped; index++) {
        const { url, init } = next(worker, index);
        answers.push(await ask(url, init));
      }
    }),
  );
  return answers.sort((a, b) => a.at - b.at);
}

/** True for `{ error: { code: string, message: string } }`. */
/**
 * Requests that reach the database every time, for `burst`: the session lookup of /api/me, a search with a new text
 * each time (no cache entry to serve), and a write (the profile), in turn.
 */
export function databaseRequestMix(baseUrl: string, session: { cookie: string; csrfToken: string }) {
  const headers = { cookie: session.cookie, 'x-csrf-token': session.csrfToken };
  return (worker: number, index: number): { url: string; init: RequestInit } => {
    if (index % 3 === 0) return { url: `${baseUrl}/api/me?lang=en`, init: { headers } };
    if (index % 3 === 1) return { url: `${baseUrl}/api/projects?q=w${worker}i${index}&lang=en`, init: { headers } };
    return {
      url: `${baseUrl}/api/me/profile?lang=en`,
      init: {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `w${worker} ${index}` }),
      },
    };
  };
}

export function isErrorBody(body: string): boolean {
  try {
    const error = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
    return typeof error?.code === 'string' && typeof error.message === 'string';
  } catch {
    return false;
  }
}
