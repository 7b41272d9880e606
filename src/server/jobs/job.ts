import type { Config } from '../config.ts';
import type { Db, DbKind } from '../db/client.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { ResponseCache } from '../plugins/response-cache.ts';

/** What a job run receives (a subset of AppDeps); `now` is the only clock a job reads. */
export type JobContext = {
  db: Db;
  dbKind: DbKind;
  config: Config;
  events: EventBus;
  cache?: Pick<ResponseCache, 'invalidate'>;
  now: () => Date;
};

/** A scheduled job: `everyMs` (aligned to the wall clock: every 5 min runs at :00, :05, …) or a `cron` pattern. */
export type Job = {
  name: string;
  everyMs?: number;
  cron?: string;
  /** Also run once when the server starts (spec: "the initial sync runs at start"). */
  runAtStartup?: boolean;
  run: (ctx: JobContext) => Promise<{ counts: Record<string, number>; errors: string[] }>;
};
