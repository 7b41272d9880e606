import { afterAll, beforeAll, expect, test } from 'vitest';
import { HOUR_MS } from '../../../shared/time/duration.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type Agent, signUpAdmin } from '../auth/auth.test-support.ts';
import type { ExportProject } from '../catalogue/catalogue.service.ts';
import { recomputeHeat } from '../heat/recompute.service.ts';

// An admin's edit while the heat job writes used to deadlock on PostgreSQL (a 500 for the admin): the edit held the
// project row and waited, through the category trigger, for project_scores; the run held project_scores and waited,
// through heat_history's foreign key, for the project row. Both orders now meet at one lock (catalogue-lock.ts).
let t: TestApp;
let admin: Agent;
let bitcoin: ExportProject;

beforeAll(async () => {
  t = await buildTestApp(); // the built-in catalogue: every run writes a history row per project
  admin = await signUpAdmin(t.app, t.db, 'edit-during-recompute@example.com');
  bitcoin = (await admin.request({ method: 'GET', url: '/api/admin/projects/bitcoin' })).json() as ExportProject;
});
afterAll(() => t.close());

const LAYER2 = {
  name: 'Layer2',
  nameZh: '二层网络',
  descriptionEn: 'Scaling networks',
  descriptionZh: '扩容网络',
  color: '#f97316',
  icon: 'layers',
};
const T0 = Date.parse('2026-11-01T00:00:00.000Z');

test('edits, deletes and sector renames during heat runs all succeed, and the runs too', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 12; i++) {
    const category = i % 2 === 0 ? 'Layer1' : 'Layer2';
    const id = `during-run-${i}`;
    const [run] = await Promise.all([
      recomputeHeat(t.db, { now: new Date(T0 + i * HOUR_MS), strategy: i % 3 === 0 ? 'rebuild' : 'update' }),
      admin
        .request({ method: 'PUT', url: '/api/admin/projects/bitcoin', payload: { ...bitcoin, category } })
        .then((res) => statuses.push(res.statusCode)),
      admin
        .request({ method: 'POST', url: '/api/admin/projects', payload: { ...bitcoin, id, coingeckoId: null } })
        .then(async (res) => {
          statuses.push(res.statusCode);
          const gone = await admin.request({ method: 'DELETE', url: `/api/admin/projects/${id}` });
          statuses.push(gone.statusCode);
        }),
      admin
        .request({
          method: 'PUT',
          url: '/api/admin/sectors/layer2',
          payload: { ...LAYER2, nameZh: `二层网络${i}` },
        })
        .then((res) => statuses.push(res.statusCode)),
    ]);
    expect(run.projects).toBeGreaterThan(100);
  }
  expect(statuses.filter((s) => s >= 300)).toEqual([]);
  expect(statuses).toHaveLength(48);
});
