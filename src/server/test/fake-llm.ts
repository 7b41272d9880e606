import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local OpenAI-compatible server for tests: POST /v1/chat/completions, streaming (SSE chunks, a usage chunk, then
// [DONE]) or not, as the request asks. Each test scripts its answer: the text, a delay, a 500, a hang, the usage.

export type FakeLlmRequest = {
  body: {
    model: string;
    stream?: boolean;
    max_tokens?: number;
    stream_options?: { include_usage?: boolean };
    messages: { role: string; content: string }[];
  };
  authorization: string | undefined;
};

export type FakeLlmScript = {
  /** The reply's text, or a function of the request (default: an empty brief). */
  reply?: string | ((request: FakeLlmRequest) => string);
  /** Milliseconds before answering (each streamed chunk after the first waits `chunkDelayMs`). */
  delayMs?: number;
  chunkDelayMs?: number;
  /** Answer with this status and an OpenAI-style error body. */
  status?: number;
  /** Never answer (the client's timeout must end the call). */
  hang?: boolean;
  /** The usage reported; null → no usage chunk. Default: 100 in, 50 out. */
  usage?: ((request: FakeLlmRequest) => { prompt_tokens: number; completion_tokens: number }) | null;
  /** Characters per streamed chunk (default 7: tags are cut between chunks). */
  chunkSize?: number;
};

export type FakeLlm = {
  /** The base URL to configure as LLM_BASE_URL (ends in /v1). */
  baseUrl: string;
  requests: FakeLlmRequest[];
  script: (script: FakeLlmScript) => void;
  close: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeLlm(initial: FakeLlmScript = {}): Promise<FakeLlm> {
  let current = initial;
  const requests: FakeLlmRequest[] = [];
  const open = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const request: FakeLlmRequest = { body: JSON.parse(raw), authorization: req.headers.authorization };
    requests.push(request);
    const script = current;
    if (script.hang) return;
    if (script.delayMs) await sleep(script.delayMs);
    if (script.status && script.status >= 400) {
      res.writeHead(script.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake model error', type: 'server_error', code: null } }));
      return;
    }
    const text = typeof script.reply === 'function' ? script.reply(request) : (script.reply ?? '');
    const usage =
      script.usage === null ? null : (script.usage?.(request) ?? { prompt_tokens: 100, completion_tokens: 50 });
    const base = { id: 'chatcmpl-fake', created: Math.floor(Date.now() / 1000), model: request.body.model };
    if (!request.body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (payload: object) =>
      res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', ...payload })}\n\n`);
    const size = script.chunkSize ?? 7;
    for (let i = 0; i < text.length; i += size) {
      if (i > 0 && script.chunkDelayMs) await sleep(script.chunkDelayMs);
      send({ choices: [{ index: 0, delta: { content: text.slice(i, i + size) }, finish_reason: null }] });
    }
    send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
    if (usage && request.body.stream_options?.include_usage) {
      send({ choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
    }
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (script) => {
      current = script;
    },
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
