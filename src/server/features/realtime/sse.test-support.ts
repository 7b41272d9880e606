/** A minimal SSE reader for tests: connects with fetch, parses `event:`/`data:` blocks, waits for a matching one. */
export type SseMessage = { event: string; data: unknown; at: number };

export type SseClient = {
  messages: SseMessage[];
  status: number;
  contentType: string | null;
  waitFor: (match: (message: SseMessage) => boolean, timeoutMs?: number) => Promise<SseMessage>;
  close: () => void;
};

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        buffer += chunk.value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) messages.push({ event, data: JSON.parse(data), at: Date.now() });
          for (const wake of waiters) wake();
          cut = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    messages,
    status: response.status,
    contentType: response.headers.get('content-type'),
    waitFor: (match, timeoutMs = 3_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching SSE message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () => controller.abort(),
  };
}

/** Whether an SSE `hints` message carries a hint of this type. */
export function hasHint(type: string, extra: (hint: Record<string, unknown>) => boolean = () => true) {
  return (message: SseMessage) =>
    message.event === 'hints' &&
    ((message.data as { hints: Record<string, unknown>[] }).hints ?? []).some((h) => h.type === type && extra(h));
}
