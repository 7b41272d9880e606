import { sql } from 'drizzle-orm';
import type { CreateHeatModelBody, HeatModelDto, HeatModelsResponse } from '../../../shared/api/methodology.schema.ts';
import {
  CODE_MODEL_CHANGELOG,
  CODE_MODEL_DEFINITION,
  CODE_MODEL_ID,
  type HeatModelDefinition,
} from '../../../shared/methodology/models.ts';
import { type AdminActor, recordAdminAction } from '../../audit/audit-log.service.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import {
  type HeatModelRow,
  insertHeatModel,
  markModelCurrent,
  retireCurrentModel,
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

const toDto = (row: HeatModelRow): HeatModelDto => ({
  id: row.id,
  status: row.status,
  origin: row.origin,
  changelog: row.changelog,
  createdAt: row.createdAt.toISOString(),
  promotedAt: row.promotedAt?.toISOString() ?? null,
  definition: row.definition,
});

/** Every model version with the registry's changelog (newest first), and which version scores the public ranking. */
export async function listHeatModels(db: Db, now: Date): Promise<HeatModelsResponse> {
  await ensureCodeModel(db, now);
  const rows = await selectHeatModels(db);
  const changelog = rows
    .map((r) => ({
      id: r.id,
      date: (r.promotedAt ?? r.createdAt).toISOString().slice(0, 10),
      status: r.status,
      changes: r.changelog,
      at: (r.promotedAt ?? r.createdAt).getTime(),
    }))
    .sort((a, b) => b.at - a.at || a.id.localeCompare(b.id))
    .map(({ at: _at, ...entry }) => entry);
  return {
    current: rows.find((r) => r.status === 'current')?.id ?? null,
    scoring: CODE_MODEL_ID,
    items: rows.map(toDto),
    changelog,
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

/**
 * Makes candidate `id` the current version: the previous one is retired, the promotion dated (the changelog shows it)
 * and audited, all in one transaction under the registry lock, so two admins promoting at once leave exactly one
 * current. Throws HEAT_MODEL_NOT_FOUND for an unknown id and
 * HEAT_MODEL_NOT_CANDIDATE unless it is a candidate.
 */
export async function promoteHeatModel(db: Db, id: string, actor: AdminActor, now: Date): Promise<HeatModelDto> {
  await ensureCodeModel(db, now);
  return withTransaction(db, async (tx) => {
    await lockRegistry(tx);
    const row = await selectHeatModelForUpdate(tx, id);
    if (!row) throw new AppError('HEAT_MODEL_NOT_FOUND', { id });
    if (row.status !== 'candidate') throw new AppError('HEAT_MODEL_NOT_CANDIDATE', { id, status: row.status });
    const previous = await retireCurrentModel(tx);
    const promoted = (await markModelCurrent(tx, id, now)) as HeatModelRow;
    await recordAdminAction(tx, {
      actor,
      action: 'heat-model.promote',
      entity: 'heat-model',
      entityId: id,
      before: { current: previous ?? null },
      after: { current: id },
    });
    return toDto(promoted);
  });
}
