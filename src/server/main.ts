import { buildApp } from './app.ts';
import { loadConfig, readEnvironment } from './config.ts';
import { DataDirLockedError, updateDataDirLock } from './db/data-dir-lock.ts';
import { openRuntime } from './runtime.ts';

async function main() {
  const config = loadConfig(readEnvironment());
  const runtime = await openRuntime(config, { role: 'server' });
  const app = await buildApp({
    config,
    db: runtime.handle.db,
    readDb: runtime.reads.db,
    readReplicas: runtime.reads,
    dbKind: runtime.handle.kind,
    events: runtime.events,
    cache: runtime.cache,
    mailer: runtime.mailer,
  });
  if (runtime.catalogue.loaded) {
    app.log.info(runtime.catalogue, 'built-in catalogue loaded into the empty database');
  }

  // Graceful stop: stop accepting requests, abort running jobs (recorded as cancelled; the next scheduled
  // run resumes them), close the database (PGlite's data-directory lock released), exit 0 — all within
  // SHUTDOWN_TIMEOUT_MS, else a hard exit that says what was still pending.
  let stage: string | null = null;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stage !== null) {
      // Ctrl-C in a terminal reaches both `npm start`'s wrapper and this process, and the wrapper forwards it: a
      // repeat is expected, and the deadline below bounds the wait anyway.
      app.log.info({ signal, pending: stage }, 'already stopping');
      return;
    }
    const startedAt = Date.now();
    stage = 'closing the server and cancelling jobs';
    app.log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error(
        { signal, pending: stage, timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
        `shutdown did not finish within ${config.SHUTDOWN_TIMEOUT_MS} ms (still ${stage}): exiting anyway`,
      );
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    deadline.unref();
    let code = 0;
    try {
      await app.close();
    } catch (err) {
      code = 1;
      app.log.error({ err }, 'closing the server failed');
    }
    try {
      stage = 'closing the database';
      await runtime.close();
    } catch (err) {
      code = 1;
      app.log.error({ err }, 'closing the database failed');
    }
    app.log.info({ signal, durationMs: Date.now() - startedAt }, 'stopped');
    process.exit(code);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  if (runtime.handle.lock) updateDataDirLock(runtime.handle.lock, { port: Number(new URL(address).port) });
  const shown = address.replace('://127.0.0.1', '://localhost');
  app.log.info(`HeatRank (${runtime.handle.kind}) is ready at ${shown}`);
  process.stdout.write(`\n  HeatRank is running: open ${shown} in your browser\n\n`);
}

main().catch((error: unknown) => {
  if (
    error instanceof DataDirLockedError ||
    (error instanceof Error && error.message.startsWith('Invalid environment'))
  ) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
