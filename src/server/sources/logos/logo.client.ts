import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type HttpPolicy, pause, SourceError, withTimeout } from '../http.ts';
import { baseContentType, isPrivateAddress, LOGO_TYPES, type LogoType, sniffImageType } from './image-type.ts';

const SOURCE = 'logos';
const MAX_REDIRECTS = 3;

export type LogoDownloadOptions = {
  policy: HttpPolicy;
  /** Larger answers are refused (checked on Content-Length and while reading). */
  maxBytes: number;
  /** Tests fetch from a loopback fake server; production refuses private and loopback hosts. */
  allowPrivateHosts: boolean;
};

export type DownloadedLogo = { bytes: Buffer; contentType: LogoType; etag: string; finalUrl: string };

async function assertPublicHost(url: URL, allowPrivate: boolean) {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SourceError(SOURCE, 'http', `unsupported scheme ${url.protocol}`);
  }
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true })
        .then((rows) => rows.map((row) => row.address))
        .catch(() => {
          throw new SourceError(SOURCE, 'network', `cannot resolve ${host}`);
        });
  if (isPrivateAddress(host) || addresses.some(isPrivateAddress)) {
    throw new SourceError(SOURCE, 'http', `refused a private address (${host})`);
  }
}

/** Reads at most `maxBytes`; a longer body aborts the read. */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new SourceError(SOURCE, 'malformed', `image of ${declared} bytes is over the ${maxBytes}-byte limit`);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new SourceError(SOURCE, 'malformed', `image is over the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** One GET following at most MAX_REDIRECTS redirects, each hop's host checked. */
async function fetchFollowing(url: string, options: LogoDownloadOptions): Promise<{ response: Response; url: string }> {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new SourceError(SOURCE, 'malformed', 'not a valid address');
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await assertPublicHost(current, options.allowPrivateHosts);
    let response: Response;
    try {
      response = await fetch(current, {
        headers: { accept: LOGO_TYPES.join(', ') },
        redirect: 'manual',
        signal: withTimeout(options.policy.timeoutMs, options.policy.signal),
      });
    } catch (error) {
      options.policy.signal?.throwIfAborted();
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw timedOut
        ? new SourceError(SOURCE, 'timeout', `no answer within ${options.policy.timeoutMs} ms`)
        : new SourceError(SOURCE, 'network', `network error (${(error as Error).message})`);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { response, url: current.href };
    await response.body?.cancel();
    current = new URL(location, current);
  }
  throw new SourceError(SOURCE, 'http', `more than ${MAX_REDIRECTS} redirects`);
}

async function downloadOnce(url: string, options: LogoDownloadOptions): Promise<DownloadedLogo> {
  const { response, url: finalUrl } = await fetchFollowing(url, options);
  if (!response.ok) {
    await response.body?.cancel();
    const kind = response.status === 429 ? 'rate_limited' : response.status === 404 ? 'not_found' : 'http';
    throw new SourceError(SOURCE, kind, `HTTP ${response.status} ${response.statusText}`, response.status);
  }
  const declared = baseContentType(response.headers.get('content-type'));
  if (!declared || !(LOGO_TYPES as readonly string[]).includes(declared)) {
    await response.body?.cancel();
    throw new SourceError(SOURCE, 'malformed', `unsupported content type ${declared ?? '(none)'}`);
  }
  let bytes: Buffer;
  try {
    bytes = await readCapped(response, options.maxBytes);
  } catch (error) {
    if (error instanceof SourceError) throw error;
    options.policy.signal?.throwIfAborted();
    throw new SourceError(SOURCE, 'timeout', `body not received within ${options.policy.timeoutMs} ms`);
  }
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new SourceError(SOURCE, 'malformed', `the bytes are not a valid image (declared ${declared})`);
  const etag = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  return { bytes, contentType: sniffed, etag, finalUrl };
}

const retryable = (error: unknown) =>
  error instanceof SourceError &&
  (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'rate_limited' || (error.status ?? 0) >= 500);

/**
 * Downloads one logo image: http(s) only, public hosts only (unless allowed), at most 3 redirects, at most `maxBytes`,
 * a declared PNG/JPEG/WebP/GIF type whose bytes really are one of those (served as the sniffed type). 429, 5xx,
 * timeouts and network errors are retried with back-off; other failures are not. Throws SourceError (or the stop
 * signal's reason once `policy.signal` is aborted).
 */
export async function downloadLogo(url: string, options: LogoDownloadOptions): Promise<DownloadedLogo> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= options.policy.maxRetries; attempt++) {
    if (attempt > 0) await pause(options.policy.retryBaseMs * 2 ** (attempt - 1), options.policy.signal);
    try {
      return await downloadOnce(url, options);
    } catch (error) {
      lastError = error;
      if (!retryable(error)) throw error;
    }
  }
  throw lastError;
}
