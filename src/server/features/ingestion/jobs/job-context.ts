import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { EventBus } from '../../../events/event-bus.ts';

/** What the scheduler hands a job run (a subset of AppDeps); `now` lets tests pin the clock. */
export type IngestionJobContext = { db: Db; config: Config; events?: Pick<EventBus, 'publish'>; now?: () => Date };

/** Shape shared with the scheduler's job list: `{ name, everyMs | cron, run(ctx) }`. */
export type IngestionJob = {
  name: string;
  everyMs?: number;
  cron?: string;
  run: (ctx: IngestionJobContext) => Promise<{ counts: Record<string, number>; errors: string[] }>;
};
