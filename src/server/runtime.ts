import type { Config } from './config.ts';
import { type CreateDbOptions, createDb, type DbHandle } from './db/client.ts';
import { refreshTableStatistics } from './db/maintenance.ts';
import { openReadReplicas, type ReadReplicas } from './db/read-replicas.ts';
import { createEventBus, type EventBus } from './events/event-bus.ts';
import { type CatalogueLoadResult, loadCatalogueIfEmpty } from './features/catalogue/catalogue.service.ts';
import { recomputeHeat } from './features/heat/recompute.service.ts';
import { afterRecompute } from './jobs/after-recompute.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createResponseCache, type ResponseCache } from './plugins/response-cache.ts';
import { closeOrphanedRuns } from './runs/run-log.ts';

export type Runtime = {
  handle: DbHandle;
  /** Shared reads: PostgreSQL read replicas (DATABASE_READ_URL), else the primary itself. */
  reads: ReadReplicas;
  events: EventBus;
  cache: ResponseCache;
  /** One SMTP transport for every sender (routes and jobs); buildApp binds it to the app's log. */
  mailer: Mailer;
  catalogue: CatalogueLoadResult;
  close: () => Promise<void>;
};

/** Opens the database (migrating it), the event bus and the response cache, and loads the catalogue on first start. */
export async function openRuntime(config: Config, options: CreateDbOptions = {}): Promise<Runtime> {
  const handle = await createDb(config, options);
  try {
    const events = await createEventBus(handle);
    const cache = createResponseCache(events);
    // A run killed mid-way would stay 'running' (and the status say "sync in progress") until someone closes it.
    await closeOrphanedRuns(handle.db, handle.kind, new Date());
    const catalogue = config.CATALOGUE_AUTOLOAD
      ? await loadCatalogueIfEmpty(handle.db)
      : { loaded: false, sectors: 0, projects: 0 };
    if (catalogue.loaded) {
      // Score the fresh catalogue before the first visitor arrives (191 projects: ~0.2 s), so no page shows a
      // placeholder 50 for every project while the scheduler's first run is pending.
      const result = await recomputeHeat(handle.db, { now: new Date() });
      await afterRecompute({ db: handle.db, dbKind: handle.kind, events, cache }, result);
      await refreshTableStatistics(handle.db, handle.kind, ['projects', 'sectors']);
    }
    const reads = openReadReplicas(handle, config);
    // The same events that drop the response cache: its refill must not read a replica from before the change.
    const stopFencing = events.subscribe((event) => {
      if (event.type !== 'sync.updated' && event.type !== 'user.changed') void reads.fence();
    });
    return {
      handle,
      reads,
      events,
      cache,
      mailer: createMailer(config),
      catalogue,
      close: async () => {
        stopFencing();
        await cache.close();
        await events.close();
        await reads.close();
        await handle.close();
      },
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
