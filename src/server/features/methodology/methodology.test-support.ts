// Stored daily histories for the methodology tests: a synthetic engine panel written as the app stores history
// (projects, heat_history + heat_daily_ranks, daily_signals), so the loader reads it back through real SQL.
import type { EvaluationPanel } from '../../../shared/methodology/types.ts';
import { HOUR_MS } from '../../../shared/time/duration.ts';
import { bulkInsert } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { projects, sectors } from '../../db/schema/index.ts';
import { PANEL_SIGNAL_SOURCES } from './evaluation-inputs.service.ts';

/** The stored time of a day's last heat: 23:00 UTC. */
const dayTime = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 23 * HOUR_MS);

/**
 * Writes `panel` as stored history: one project per panel project (category = its first sector, a sectors row per
 * sector), its published heat under `model` (a heat_history row and the day's ranked row), and every signal as
 * daily_signals rows under the names the loader reads.
 */
export async function seedStoredHistory(db: Db, panel: EvaluationPanel, model: string): Promise<void> {
  const D = panel.days.length;
  const sectorNames = [...new Set(panel.projects.map((p) => p.sectorIds[0] as string))];
  await db
    .insert(sectors)
    .values(sectorNames.map((name) => ({ id: name.toLowerCase(), name })))
    .onConflictDoNothing();
  await db.insert(projects).values(
    panel.projects.map((p) => ({
      id: p.id,
      name: `Project ${p.id}`,
      symbol: p.id.toUpperCase(),
      category: p.sectorIds[0] as string,
      chains: ['Ethereum'],
    })),
  );
  const history: (string | number | Date)[][] = [];
  const ranks: (string | number | Date)[][] = [];
  panel.days.forEach((day, d) => {
    const scored = panel.projects
      .map((p, i) => ({ id: p.id, score: panel.heat[i * D + d] as number }))
      .filter((x) => !Number.isNaN(x.score))
      .sort((a, b) => b.score - a.score);
    scored.forEach((x, r) => {
      history.push(['project', x.id, dayTime(day), x.score, model, 'day']);
      ranks.push(['project', x.id, day, dayTime(day), x.score, r + 1, scored.length]);
    });
  });
  await bulkInsert(
    db,
    'heat_history',
    [
      { name: 'entity_type', type: 'text' },
      { name: 'entity_id', type: 'text' },
      { name: 'computed_at', type: 'timestamptz' },
      { name: 'score', type: 'float8' },
      { name: 'model', type: 'text' },
      { name: 'granularity', type: 'text' },
    ],
    history,
  );
  await bulkInsert(
    db,
    'heat_daily_ranks',
    [
      { name: 'entity_type', type: 'text' },
      { name: 'entity_id', type: 'text' },
      { name: 'day', type: 'date' },
      { name: 'computed_at', type: 'timestamptz' },
      { name: 'score', type: 'float8' },
      { name: 'rank', type: 'int4' },
      { name: 'total', type: 'int4' },
    ],
    ranks,
  );
  const values: (string | number | Date)[][] = [];
  const fetchedAt = new Date(Date.parse(`${panel.days[D - 1]}T23:59:00Z`));
  for (const [key, series] of Object.entries(panel.signals)) {
    const signal = PANEL_SIGNAL_SOURCES[key as keyof typeof PANEL_SIGNAL_SOURCES];
    panel.projects.forEach((p, i) => {
      panel.days.forEach((day, d) => {
        const v = series?.[i * D + d] as number;
        if (!Number.isNaN(v)) values.push([p.id, signal, day, v, 'test', fetchedAt]);
      });
    });
  }
  await bulkInsert(
    db,
    'daily_signals',
    [
      { name: 'project_id', type: 'text' },
      { name: 'signal', type: 'text' },
      { name: 'day', type: 'date' },
      { name: 'value', type: 'float8' },
      { name: 'source', type: 'text' },
      { name: 'fetched_at', type: 'timestamptz' },
    ],
    values,
  );
}
