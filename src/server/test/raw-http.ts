import { connect } from 'node:net';

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * Sends bytes as they are over a TCP socket and reads the answer until the server closes or the body is complete.
 * app.inject bypasses Node's HTTP parser, so malformed requests and oversized headers can only be tested this way.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer in time'));
    }, timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseResponse(Buffer.concat(chunks));
      if (parsed) resolve(parsed);
      else reject(new Error(`no HTTP response: ${JSON.stringify(Buffer.concat(chunks).toString('latin1'))}`));
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const parsed = parseResponse(Buffer.concat(chunks));
      if (parsed && Buffer.byteLength(parsed.body) >= Number(parsed.headers['content-length'] ?? Infinity)) finish();
    });
    socket.on('error', () => {}); // the server may reset after answering; what was read counts
    socket.on('close', finish);
    socket.write(request);
  });
}

function parseResponse(raw: Buffer): RawResponse | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: raw.subarray(end + 4).toString('utf8') };
}
