import type {
  CreateProposalBody,
  ProposalDto,
  ProposalPreviewResponse,
} from '../../../shared/api/weight-proposals.schema.ts';
import { compileHeatModel, computeModelHeat } from '../../../shared/methodology/models.ts';
import {
  explainMove,
  type ProposalWeights,
  proposalKey,
  toProposalDefinition,
} from '../../../shared/methodology/proposal.ts';
import type { AdminActor } from '../../audit/audit-log.service.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { listProjectSignals } from '../heat/heat.service.ts';
import { evaluateProposal } from '../methodology/evaluation-proposal.service.ts';
import { createCandidateModel } from '../methodology/models.service.ts';
import {
  deleteOwnProposal,
  insertProposal,
  type ProposalRow,
  selectProjectNames,
  selectProposal,
  selectVisibleProposals,
  setCandidateModel,
} from './weight-proposals.queries.ts';

const TOP = 50;
const MOVERS = 10;

type Ranked = {
  id: string;
  category: string;
  heat: number;
  rank: number;
  currentHeat: number | null;
  currentRank: number | null;
};

/**
 * The ranking a proposal gives (every project, or one sector) beside today's stored one: its top, the projects that
 * move most (up and down) and why, and its evaluation against the current model on the same history.
 */
export async function previewProposal(
  db: Db,
  weights: ProposalWeights,
  sector: string | undefined,
  now: Date,
): Promise<ProposalPreviewResponse> {
  const model = compileHeatModel(toProposalDefinition(weights));
  const projects = await listProjectSignals(db, sector);
  const scored = projects.flatMap((p) => {
    const heat = computeModelHeat(model, p.signals, p.evidence, now);
    return heat === null ? [] : [{ ...p, heat }];
  });
  const byProposal = [...scored].sort((a, b) => b.heat - a.heat || a.id.localeCompare(b.id));
  const byCurrent = scored
    .filter((p) => p.storedHeat !== null)
    .sort((a, b) => (b.storedHeat as number) - (a.storedHeat as number) || a.id.localeCompare(b.id));
  const currentRank = new Map(byCurrent.map((p, i) => [p.id, i + 1]));
  const ranked: (Ranked & { signals: (typeof scored)[number]['signals'] })[] = byProposal.map((p, i) => ({
    id: p.id,
    category: p.category,
    heat: p.heat,
    rank: i + 1,
    currentHeat: p.storedHeat,
    currentRank: currentRank.get(p.id) ?? null,
    signals: p.signals,
  }));
  const moved = ranked
    .filter((p) => p.currentRank !== null && p.currentRank !== p.rank)
    .sort((a, b) => Math.abs((b.currentRank as number) - b.rank) - Math.abs((a.currentRank as number) - a.rank))
    .slice(0, MOVERS);
  const top = ranked.slice(0, TOP);
  const names = await selectProjectNames(db, [...new Set([...top, ...moved].map((p) => p.id))]);
  const view = ({ signals: _signals, ...p }: (typeof ranked)[number]) => ({ ...p, name: names.get(p.id) ?? p.id });
  return {
    sector: sector ?? null,
    ranked: ranked.length,
    top: top.map(view),
    movers: moved.map((p) => ({
      ...view(p),
      rankChange: (p.currentRank as number) - p.rank,
      why: explainMove(p.signals, weights),
    })),
    evaluation: await evaluateProposal(db, weights, now),
    computedAt: now.toISOString(),
  };
}

function toDto(row: ProposalRow, viewerId: string | null): ProposalDto {
  return {
    id: row.id,
    title: row.title,
    weights: row.weights,
    visibility: row.visibility,
    mine: row.userId === viewerId,
    candidateModel: row.candidateModel,
    createdAt: row.createdAt.toISOString(),
    evaluation: row.evaluation,
  };
}

/** Saves a proposal with its evaluation as of now (premium; checked by the route). */
export async function saveProposal(db: Db, userId: string, body: CreateProposalBody, now: Date): Promise<ProposalDto> {
  const evaluation = await evaluateProposal(db, body.weights, now);
  const row = await insertProposal(db, {
    userId,
    title: body.title,
    weights: body.weights,
    visibility: body.visibility,
    evaluation,
  });
  return toDto(row, userId);
}

/** Public proposals and the viewer's own private ones (another user's private proposal is never listed). */
export async function listProposals(db: Db, viewerId: string | null): Promise<{ items: ProposalDto[] }> {
  return { items: (await selectVisibleProposals(db, viewerId, 100)).map((r) => toDto(r, viewerId)) };
}

/** Deletes the viewer's own proposal; another user's (or an unknown) id is PROPOSAL_NOT_FOUND. */
export async function removeProposal(db: Db, id: string, userId: string): Promise<void> {
  if (!(await deleteOwnProposal(db, id, userId))) throw new AppError('PROPOSAL_NOT_FOUND', { id });
}

/** An admin turns a public proposal into a candidate model version (audited by the model's creation). */
export async function proposalToCandidate(
  db: Db,
  id: string,
  modelId: string,
  actor: AdminActor,
  now: Date,
): Promise<ProposalDto> {
  const row = await selectProposal(db, id);
  if (row?.visibility !== 'public') throw new AppError('PROPOSAL_NOT_FOUND', { id });
  await createCandidateModel(
    db,
    {
      id: modelId,
      changelog: `From the public weight proposal “${row.title}”.`,
      definition: toProposalDefinition(row.weights),
    },
    actor,
    now,
  );
  await setCandidateModel(db, id, modelId);
  return toDto({ ...row, candidateModel: modelId }, null);
}

/** The proposal's evaluation against the current model (features/methodology, cached by its weights). */
export { evaluateProposal };

/** The response-cache key of a proposal's preview: its sector (or every project) and its weights. */
export function proposalPreviewCacheKey(sector: string | undefined, weights: ProposalWeights): string {
  return `proposal-preview:${sector ?? ''}:${proposalKey(weights)}`;
}
