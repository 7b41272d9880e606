import { CSRF_COOKIE, CSRF_HEADER, toCookieName } from '../../shared/api/auth.values.ts';

// A browser-like client over real HTTP (fetch): keeps cookies, sends the CSRF token on writes as the web app does.
// The cookies are the session, so one agent can talk to several instances: the session lives in the database.

export type HttpAgent = {
  /** The Cookie header value (for autocannon, SSE). */
  cookie: () => string;
  request: (base: string, path: string, init?: { method?: string; body?: unknown }) => Promise<Response>;
  json: <T>(base: string, path: string, init?: { method?: string; body?: unknown }) => Promise<T>;
};

export function createHttpAgent(): HttpAgent {
  const cookies = new Map<string, string>();
  // The token is the CSRF cookie's value (it changes at sign-in), read as the web app reads it.
  const csrf = () => cookies.get(toCookieName(CSRF_COOKIE, true)) ?? cookies.get(CSRF_COOKIE);
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const request: HttpAgent['request'] = async (base, path, init = {}) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET' && !csrf()) await (await request(base, '/api/auth/csrf')).arrayBuffer();
    const headers: Record<string, string> = { cookie: cookie() };
    if (method !== 'GET') headers[CSRF_HEADER] = csrf() ?? '';
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, base), {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  return {
    cookie,
    request,
    json: async <T>(base: string, path: string, init?: { method?: string; body?: unknown }) => {
      const response = await request(base, path, init);
      const text = await response.text();
      if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: HTTP ${response.status} ${text}`);
      return JSON.parse(text) as T;
    },
  };
}

export const RELIABILITY_PASSWORD = 'reliability-check-password-1';

/** Signs up a fresh account through `base`; the agent then holds its session. */
export async function signUpOver(base: string, email: string): Promise<HttpAgent> {
  const agent = createHttpAgent();
  await agent.json(base, '/api/auth/sign-up', {
    method: 'POST',
    body: { email, password: RELIABILITY_PASSWORD, confirmPassword: RELIABILITY_PASSWORD, acceptTerms: true },
  });
  return agent;
}
