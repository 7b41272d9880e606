import { sql } from 'drizzle-orm';
import type { CreateHeatModelBody, HeatModelDto, HeatModelsResponse } from '../../../shared/api/methodology.schema.ts';
import { computeRuleChanges, computeWeightChanges } from '../../../shared/methodology/model-changes.ts';
import {
  CODE_MODEL_CHANGELOG,
  CODE_MODEL_DEFINITION,
  CODE_MODEL_ID,
  type HeatModelDefinition,
} from '../../../shared/methodology/models.ts';
import { CODE_SCORING_MODEL, type HeatScoringModel, toScoringModel } from '../../../shared/scoring/heat-model.ts';
import { type AdminActor, recordAdminAction } from '../../audit/audit-log.service.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { notifyEveryone } from '../notifications/notify.service.ts';
import {
  type HeatModelRow,
  insertHeatModel,
  markModelCurrent,
  retireCurrentModel,
  selectCurrentHeatModel,
  selectHeatModelForUpdate,
  selectHeatModels,
} from './models.queries.ts';

/** Serialises writes to the model registry across instances (creation of the code model, promotions). */
const lockRegistry = (tx: Db) => tx.execute(sql`SELECT pg_advisory_xact_lock(727037, 1)`);

/**
 * Writes the model compiled into this build to the registry, once per version: its definition is read from the code
 * (CODE_MODEL_DEFINITION), its changelog from CODE_MODEL_CHANGELOG. A new code version becomes current — deploying it is
 * what changes the public ranking — and the previous current version is retired. Safe with several instances starting.
 */
export async function ensureCodeModel(db: Db, now: Date): Promise<void> {
  const known = await selectHeatModels(db);
  if (known.some((m) => m.id === CODE_MODEL_ID)) return;
  await withTransaction(db, async (tx) => {
    await lockRegistry(tx);
    if (await selectHeatModelForUpdate(tx, CODE_MODEL_ID)) return;
    await retireCurrentModel(tx);
    const entry = CODE_MODEL_CHANGELOG.find((c) => c.id === CODE_MODEL_ID);
    await insertHeatModel(tx, {
      id: CODE_MODEL_ID,
      status: 'current',
      definition: CODE_MODEL_DEFINITION,
      changelog: entry?.changes ?? 'Shipped with this build.',
      origin: 'code',
      createdAt: entry ? new Date(`${entry.date}T00:00:00Z`) : now,
      promotedAt: now,
    });
  });
}

/**
 * The model the public ranking is scored with: the registry's current version, read from the database on every call
 * (a promotion on any instance is seen by the next read; nothing is cached in the process), laid out for heatScore.
 * Before any version is current — and for the code's own version — the model compiled into this build, so its scores
 * equal the compiled constants' exactly. With `ensure`, the code's version is first written to the registry (a
 * newly deployed code version becomes current, as ensureCodeModel says); the recompute passes it, reads do not.
 */
export async function getScoringModel(
  db: Db,
  now: Date,
  options: { ensure?: boolean } = {},
): Promise<HeatScoringModel> {
  if (options.ensure) await ensureCodeModel(db, now);
  const current = await selectCurrentHeatModel(db);
  return current ? toScoringModel(current.id, current.definition) : CODE_SCORING_MODEL;
}

const toDto = (row: HeatModelRow): HeatModelDto => ({
  id: row.id,
  status: row.status,
  origin: row.origin,
  changelog: row.changelog,
  createdAt: row.createdAt.toISOString(),
  promotedAt: row.promotedAt?.toISOString() ?? null,
  definition: row.definition,
});

/**
 * The version the ranking is scored with, as /methodology states it: the registry's current one, the code's model
 * before any is. The code's own version is given as the compiled definition (jsonb does not keep key order), so the
 * page lists its inputs in the code's order.
 */
function toScoringModelDto(current: HeatModelRow | undefined): HeatModelsResponse['scoringModel'] {
  if (!current) return { id: CODE_MODEL_ID, origin: 'code', since: null, definition: CODE_MODEL_DEFINITION };
  return {
    id: current.id,
    origin: current.origin,
    since: current.promotedAt?.toISOString() ?? null,
    definition: current.id === CODE_MODEL_ID ? CODE_MODEL_DEFINITION : current.definition,
  };
}

/**
 * The changelog, newest first: each version when it became current (or, for a candidate, was added), with what its
 * author wrote and — for a promotion — the version it replaced and the weights and rules that moved.
 */
function toChangelog(rows: HeatModelRow[]): HeatModelsResponse['changelog'] {
  const promotions = rows
    .filter((r) => r.promotedAt !== null)
    .sort((a, b) => (a.promotedAt as Date).getTime() - (b.promotedAt as Date).getTime() || a.id.localeCompare(b.id));
  return rows
    .map((r) => {
      const index = promotions.indexOf(r);
      const moved = describePromotion(index > 0 ? promotions[index - 1] : undefined, r);
      return {
        id: r.id,
        date: (r.promotedAt ?? r.createdAt).toISOString().slice(0, 10),
        status: r.status,
        changes: r.changelog,
        previous: moved.previous,
        weightChanges: moved.changes,
        ruleChanges: moved.rules,
        at: (r.promotedAt ?? r.createdAt).getTime(),
      };
    })
    .sort((a, b) => b.at - a.at || a.id.localeCompare(b.id))
    .map(({ at: _at, ...entry }) => entry);
}

/** Every model version with the registry's changelog (newest first), and which version scores the public ranking. */
export async function listHeatModels(db: Db, now: Date): Promise<HeatModelsResponse> {
  await ensureCodeModel(db, now);
  const rows = await selectHeatModels(db);
  const current = rows.find((r) => r.status === 'current');
  return {
    current: current?.id ?? null,
    scoring: current?.id ?? CODE_MODEL_ID,
    scoringModel: toScoringModelDto(current),
    items: rows.map(toDto),
    changelog: toChangelog(rows),
  };
}

/** The versions evaluated each day: the current one and every candidate (retired ones keep their stored results). */
export async function listActiveModels(
  db: Db,
  now: Date,
): Promise<{ id: string; status: 'current' | 'candidate'; definition: HeatModelDefinition }[]> {
  await ensureCodeModel(db, now);
  return (await selectHeatModels(db)).flatMap((r) =>
    r.status === 'retired' ? [] : [{ id: r.id, status: r.status, definition: r.definition }],
  );
}

/** Adds a candidate version (audited). Throws HEAT_MODEL_EXISTS when the id is taken. */
export async function createCandidateModel(
  db: Db,
  body: CreateHeatModelBody,
  actor: AdminActor,
  now: Date,
): Promise<HeatModelDto> {
  await ensureCodeModel(db, now);
  return withTransaction(db, async (tx) => {
    const row = await insertHeatModel(tx, {
      id: body.id,
      status: 'candidate',
      definition: body.definition as HeatModelDefinition,
      changelog: body.changelog,
      origin: 'admin',
      createdAt: now,
    });
    if (!row) throw new AppError('HEAT_MODEL_EXISTS', { id: body.id });
    await recordAdminAction(tx, {
      actor,
      action: 'heat-model.create',
      entity: 'heat-model',
      entityId: row.id,
      after: { changelog: row.changelog, definition: row.definition },
    });
    return toDto(row);
  });
}

/** The weights and rules a promotion moved, from the version current before it (none for the first, or unpromoted). */
function describePromotion(previous: HeatModelRow | undefined, promoted: HeatModelRow) {
  if (!previous || promoted.promotedAt === null) return { previous: null, changes: [], rules: [] };
  return {
    previous: previous.id,
    changes: computeWeightChanges(previous.definition, promoted.definition),
    rules: computeRuleChanges(previous.definition, promoted.definition),
  };
}

/**
 * Makes candidate `id` the current version, in one transaction under the registry lock (two admins promoting at once
 * leave exactly one current): the previous version is retired, the promotion dated (the changelog shows it with the
 * weights that moved), audited, and announced to every user (one broadcast notification, `model_promoted`). The
 * public ranking follows at the next recompute, which re-scores every project under the new version (the caller asks
 * for one at once). Promoting the current version again changes nothing (`promoted: false`, no audit row, no notice).
 * Throws HEAT_MODEL_NOT_FOUND for an unknown id and HEAT_MODEL_NOT_CANDIDATE for a retired one.
 */
export async function promoteHeatModel(
  db: Db,
  id: string,
  actor: AdminActor,
  now: Date,
): Promise<{ model: HeatModelDto; promoted: boolean }> {
  await ensureCodeModel(db, now);
  return withTransaction(db, async (tx) => {
    await lockRegistry(tx);
    const row = await selectHeatModelForUpdate(tx, id);
    if (!row) throw new AppError('HEAT_MODEL_NOT_FOUND', { id });
    if (row.status === 'current') return { model: toDto(row), promoted: false };
    if (row.status !== 'candidate') throw new AppError('HEAT_MODEL_NOT_CANDIDATE', { id, status: row.status });
    const previousId = await retireCurrentModel(tx);
    const previous = previousId ? await selectHeatModelForUpdate(tx, previousId) : undefined;
    const promoted = (await markModelCurrent(tx, id, now)) as HeatModelRow;
    const moved = describePromotion(previous, promoted);
    await recordAdminAction(tx, {
      actor,
      action: 'heat-model.promote',
      entity: 'heat-model',
      entityId: id,
      before: { current: previousId ?? null },
      after: { current: id, changes: moved.changes, rules: moved.rules },
    });
    await notifyEveryone(tx, {
      kind: 'model_promoted',
      params: { model: id, previous: moved.previous, changes: moved.changes, rules: moved.rules },
      link: '/methodology#changelog',
      dedupeKey: `model_promoted:${id}:${now.toISOString()}`,
      createdAt: now,
    });
    return { model: toDto(promoted), promoted: true };
  });
}

/** The response-cache key of the model versions and changelog. */
export function modelsCacheKey(): string {
  return 'methodology:models';
}
