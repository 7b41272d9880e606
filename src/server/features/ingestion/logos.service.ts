import { DAY_MS } from '../../../shared/time/duration.ts';
import { toHttpPolicy } from '../../sources/http.ts';
import { downloadLogo } from '../../sources/logos/logo.client.ts';
import {
  emptyResult,
  errorMessage,
  type IngestDeps,
  type IngestOptions,
  type SourceRunResult,
} from './ingestion.types.ts';
import { recordLogoFailure, selectLogoTargets, storeLogo } from './logos.queries.ts';

/** A failed download is tried again after this long. */
export const LOGO_RETRY_MS = 7 * DAY_MS;
/** Downloads per run (the daily job); `--limit` overrides. */
const DEFAULT_PER_RUN = 500;
const CONCURRENCY = 4;

/**
 * Downloads project logos once and stores them in `project_logos` (shared by every instance), so pages load them from
 * our origin (/api/logos/:id) and never hot-link. A project is tried when its source address is new, or its last try
 * failed over a week ago. A failure keeps any logo stored before; the page falls back to the initial letter.
 */
export async function runLogoDownloads(deps: IngestDeps, options: IngestOptions = {}): Promise<SourceRunResult> {
  const { db, config } = deps;
  const now = deps.now?.() ?? new Date();
  const result = emptyResult('logos');
  const targets = await selectLogoTargets(
    db,
    new Date(now.getTime() - LOGO_RETRY_MS),
    options.limit ?? DEFAULT_PER_RUN,
  );
  const download = {
    policy: toHttpPolicy(config, deps.signal),
    maxBytes: config.LOGO_MAX_BYTES,
    allowPrivateHosts: config.LOGO_ALLOW_PRIVATE_HOSTS,
  };
  let stored = 0;
  let failed = 0;
  let done = 0;
  const queue = [...targets];
  const worker = async () => {
    for (let target = queue.shift(); target; target = queue.shift()) {
      deps.signal?.throwIfAborted();
      try {
        const { bytes, contentType, etag } = await downloadLogo(target.url, download);
        await storeLogo(db, { projectId: target.id, sourceUrl: target.url, fetchedAt: now, bytes, contentType, etag });
        result.updatedIds.push(target.id);
        stored++;
      } catch (error) {
        deps.signal?.throwIfAborted(); // stopping: not this logo's failure
        const message = errorMessage(error);
        await recordLogoFailure(db, { projectId: target.id, sourceUrl: target.url, error: message, fetchedAt: now });
        result.errors.push(`${target.id}: ${message}`);
        failed++;
      }
      options.onProgress?.(++done, targets.length);
    }
  };
  // Settled, not Promise.all: when the run is stopped every worker ends (each at its next call) before it returns.
  const workers = await Promise.allSettled(Array.from({ length: CONCURRENCY }, worker));
  deps.signal?.throwIfAborted();
  for (const settled of workers) if (settled.status === 'rejected') throw settled.reason;
  result.counts = { candidates: targets.length, stored, failedDownloads: failed };
  result.tally = { requested: targets.length, succeeded: stored, failed, skipped: 0 };
  return result;
}
