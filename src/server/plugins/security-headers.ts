import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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
 * Headers helmet does not set the way we want: Strict-Transport-Security only over https (helmet sends it on plain
 * http too, where it means nothing and would pin a development host name to https), and a Permissions-Policy.
 */
export const securityHeaders = fp<{ config: Config }>(async (app, { config }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (isServedOverHttps(config, request)) reply.header('strict-transport-security', HSTS);
  });
});
