import type { FastifyBaseLogger } from 'fastify';

const noop = () => {};

/** For a caller without a logger (a CLI, a test, a job run outside the app): its log lines go nowhere. */
export const SILENT_LOG = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => SILENT_LOG,
} as unknown as FastifyBaseLogger;
