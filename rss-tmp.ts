import { loadConfig } from './src/server/config.ts';
import { createDb } from './src/server/db/client.ts';
import { refreshTableStatistics } from './src/server/db/maintenance.ts';
import { recomputeHeat } from './src/server/features/heat/recompute.service.ts';

const h = await createDb(loadConfig({ DATA_DIR: '/tmp/syn2' }));
let t = performance.now();
const r = await recomputeHeat(h.db, { now: new Date() });
console.log('recompute', Math.round(performance.now() - t), r.projectsChanged);
if (process.argv[2] === 'vacuum') {
  t = performance.now();
  await refreshTableStatistics(h.db, h.kind, ['projects', 'heat_history']);
  console.log('vacuum', Math.round(performance.now() - t));
}
await h.close();
