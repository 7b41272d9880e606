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
    dbKind: runtime.handle.kind,
    events: runtime.events,
    cache: runtime.cache,
  });
  if (runtime.catalogue.loaded) {
    app.log.info(runtime.catalogue, 'built-in catalogue loaded into the empty database');
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

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
