import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

/** Powerful browser features the site never uses are switched off for it and any frame it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=(self)', // memberships may take payments on our own origin, never in a frame of another
  'usb=()',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

/** Served over https: the request arrived over TLS (trustProxy-aware), or APP_URL says TLS ends in front of us. */
export function isServedOverHttps(config: Config, request: FastifyRequest): boolean {
  return request.protocol === 'https' || !!config.APP_URL?.startsWith('https:');
}

/**
 * The headers helmet sets for `options`, worked out once. Helmet's middleware depends on its options alone (none of
 * ours is a function of the request), so its answer is the same list for every request. @fastify/helmet rebuilt that
 * middleware, CSP parsing included, on every request: ~12 % of a cached read's CPU, measured with --cpu-prof.
 */
export function helmetHeaderList(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader: () => {}, // X-Powered-By: Node's server never sets it
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Every response's security headers in one synchronous hook: helmet's (computed once, set on the raw response as
 * helmet itself does, so a route's own reply.header — e.g. the logos' sandbox CSP — still wins), plus the ones helmet
 * does not set the way we want: Strict-Transport-Security only over https (helmet sends it on plain http too, where
 * it means nothing and would pin a development host name to https), and a Permissions-Policy.
 */
export const securityHeaders = fp<{ config: Config; helmet: HelmetOptions }>(async (app, options) => {
  const { config } = options;
  const fixed = helmetHeaderList(options.helmet); // its HSTS off: set below, over https only
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const raw = reply.raw;
    for (const [name, value] of fixed) raw.setHeader(name, value);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (isServedOverHttps(config, request)) reply.header('strict-transport-security', HSTS);
    done();
  });
});
