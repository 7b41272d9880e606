// A server-sent events reader for fetch streams (the brief's '/stream' endpoint): text chunks in, whole events out.
// Pure and incremental, after the WHATWG "event stream interpretation": a chunk may end anywhere, even mid-line.

export type SseEvent = { event: string; data: string };

export type SseParser = {
  /** Feeds the next decoded chunk; returns the events it completed (each ended by a blank line). */
  push: (chunk: string) => SseEvent[];
};

/** A parser keeping the partial line and the event being built between chunks. */
export function createSseParser(): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const takeLine = (line: string, out: SseEvent[]) => {
    if (line === '') {
      // A blank line dispatches; an event without data lines is dropped (the spec's rule).
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return; // a comment (heartbeat)
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };

  return {
    push(chunk) {
      buffer += chunk;
      const out: SseEvent[] = [];
      // Lines end in \n, \r\n or \r; a trailing \r may be the first half of \r\n, so it waits for the next chunk.
      for (;;) {
        const match = /\r\n|\n|\r(?!$)/.exec(buffer);
        if (!match) break;
        takeLine(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
  };
}
