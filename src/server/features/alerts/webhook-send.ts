import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/api/alerts.schema.ts';
import { signWebhook } from './webhook-signature.ts';

/** How long a webhook receiver has to answer (headers and body) before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The longest error line kept in the delivery log (no response body beyond it, never a secret or the URL). */
export const DELIVERY_ERROR_MAX = 200;
/** The most of an answer's body read (for the first line of an error). */
const BODY_READ_MAX = 1_024;

export type WebhookAttempt = { ok: boolean; statusCode: number | null; error: string | null };
export type WebhookOptions = {
  timeoutMs?: number;
  /** Let webhooks reach loopback, private and link-local addresses (ALERT_WEBHOOK_ALLOW_PRIVATE; tests, LANs). */
  allowPrivate?: boolean;
  /** The server's stop signal: aborts the POST at once (the caller leaves the attempt unrecorded). */
  signal?: AbortSignal;
};

/**
 * Addresses a webhook must not reach unless allowed: this host, private networks, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast and reserved ranges — so an alert's URL cannot make the server probe
 * its own network (the delivery log shows the owner the first line of the answer).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class BlockedAddressError extends Error {
  constructor() {
    super('the webhook host is a private or local address');
    this.name = 'BlockedAddressError';
  }
}

/** DNS lookup that drops private addresses (checked on the addresses actually connected to: no rebinding gap). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    const first = allowed[0];
    if (!first) return callback(new BlockedAddressError(), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    return callback(null, first.address, first.family);
  });
};

/**
 * POSTs one signed JSON body. 2xx = delivered; anything else (3xx included: redirects are not followed, so a signed
 * body never travels to a host the owner did not name), a network error, a private address or the timeout is a failed
 * attempt. Of the answer's body only a short first line is kept, for the error.
 */
export async function postWebhook(
  url: string,
  secret: string,
  body: string,
  now: Date,
  options: WebhookOptions = {},
): Promise<WebhookAttempt> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  try {
    const target = new URL(url);
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(literal) !== 0 && isPrivateAddress(literal)) throw new BlockedAddressError();
    const signature = signWebhook(secret, body, now);
    const response = await send(target, body, signature, timeoutMs, options.allowPrivate ?? false, options.signal);
    if (response.status >= 200 && response.status < 300) return { ok: true, statusCode: response.status, error: null };
    const line = response.text.split('\n', 1)[0]?.trim() ?? '';
    return {
      ok: false,
      statusCode: response.status,
      error: truncate(`HTTP ${response.status}${line ? `: ${line}` : ''}`),
    };
  } catch (error) {
    return { ok: false, statusCode: null, error: truncate(describeError(error)) };
  }
}

class TimeoutError extends Error {
  constructor() {
    super('timed out');
    this.name = 'TimeoutError';
  }
}

function send(
  target: URL,
  body: string,
  signature: string,
  timeoutMs: number,
  allowPrivate: boolean,
  signal: AbortSignal | undefined,
): Promise<{ status: number; text: string }> {
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'HeatRank-Webhook/1',
          [WEBHOOK_SIGNATURE_HEADER]: signature,
        },
        lookup: allowPrivate ? undefined : publicOnlyLookup,
        signal,
      },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < BODY_READ_MAX) text += chunk;
          if (text.length >= BODY_READ_MAX) res.destroy();
        });
        res.on('close', () => {
          clearTimeout(timer);
          resolve({ status, text: text.slice(0, BODY_READ_MAX) });
        });
        res.on('error', () => {});
      },
    );
    const timer = setTimeout(() => req.destroy(new TimeoutError()), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}

function describeError(error: unknown): string {
  if (error instanceof TimeoutError || error instanceof BlockedAddressError) return error.message;
  if (error instanceof TypeError && /Invalid URL/i.test(error.message)) return 'invalid webhook URL';
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `connection failed (${code})` : 'connection failed';
  }
  return 'connection failed';
}

export function truncate(text: string, max = DELIVERY_ERROR_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
