import { describe, expect, test } from 'vitest';
import { createSseParser } from './sse-parser.ts';

describe('createSseParser', () => {
  test('reads named events, each ended by a blank line', () => {
    const parser = createSseParser();

    const events = parser.push('event: delta\ndata: {"text":"Hi"}\n\nevent: done\ndata: {}\n\n');

    expect(events).toEqual([
      { event: 'delta', data: '{"text":"Hi"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  test('keeps a partial line and a partial event across chunks, split anywhere', () => {
    const text = 'event: delta\ndata: {"text":"热度上升"}\n\nevent: done\ndata: {"ok":true}\n\n';
    for (let cut = 1; cut < text.length; cut += 1) {
      const parser = createSseParser();

      const events = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut))];

      expect(events.map((e) => e.event)).toEqual(['delta', 'done']);
      expect(events[0]?.data).toBe('{"text":"热度上升"}');
    }
  });

  test('accepts \\r\\n and \\r line ends, even with \\r\\n split between chunks', () => {
    const parser = createSseParser();

    const events = [...parser.push('event: a\r\ndata: 1\r'), ...parser.push('\n\r\nevent: b\rdata: 2\r\r\n')];

    expect(events).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ]);
  });

  test('skips comments (heartbeats), joins data lines and defaults the event name to "message"', () => {
    const parser = createSseParser();

    const events = parser.push(': heartbeat\n\ndata: one\ndata:two\n\n');

    expect(events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  test('an event without a blank line after it is not dispatched yet', () => {
    const parser = createSseParser();

    expect(parser.push('event: done\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'done', data: '{}' }]);
  });
});
