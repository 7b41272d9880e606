// Loaded into a server process with NODE_OPTIONS=--import=…/gc-probe.mjs by the load script: after every full
// (mark-sweep) collection it appends one JSON line to $GC_PROBE_FILE with the time (epoch ms), the heap still in
// use (what the process really retains) and the heap V8 has reserved. RSS alone cannot tell a leak from garbage
// waiting for the next full collection: under load it is a sawtooth of ±15 %.
import { appendFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';

const file = process.env.GC_PROBE_FILE;
if (file) {
  const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      const { heapUsed, heapTotal } = process.memoryUsage();
      appendFileSync(
        file,
        `${JSON.stringify({ at: Date.now(), heapUsedMb: mb(heapUsed), heapTotalMb: mb(heapTotal) })}\n`,
      );
    }
  }).observe({ entryTypes: ['gc'] });
}
