import type { Agent } from '../auth/auth.test-support.ts';

// Helpers for the exports tests: create an export through the API and wait for its background run.

export const DIRECTORY_CSV = {
  source: { kind: 'directory', filters: {} },
  options: { format: 'csv', language: 'en', includeMetadata: false },
} as const;

export const createExport = (agent: Agent, payload: object = DIRECTORY_CSV) =>
  agent.request({ method: 'POST', url: '/api/exports?lang=en', payload });

/** Polls GET /api/exports/:id until the export leaves processing (the run is in the background). */
export async function waitForExport(agent: Agent, id: string, timeoutMs = 20_000) {
  const started = Date.now();
  for (;;) {
    const response = await agent.request({ method: 'GET', url: `/api/exports/${id}?lang=en` });
    const body = response.json();
    if (response.statusCode !== 200 || body.state !== 'processing') return body;
    if (Date.now() - started > timeoutMs) throw new Error(`export ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
