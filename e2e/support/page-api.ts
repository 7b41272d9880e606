import type { Page } from 'playwright-core';

/** The page's own API call (its session cookie and CSRF token, as the web app sends writes): status and JSON body. */
export async function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.cookie.split('; ').find((c) => c.startsWith('hr_csrf='));
      const response = await fetch(path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          'x-csrf-token': csrf ? decodeURIComponent(csrf.slice('hr_csrf='.length)) : '',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}
