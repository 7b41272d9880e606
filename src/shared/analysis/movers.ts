import type { Mover } from '../api/analysis.schema.ts';
import type { Move } from '../api/heat.schema.ts';
import { computeContributionDeltas } from '../scoring/index.ts';
import { MOVER_DRIVERS } from './constants.ts';
import { ANCHORS, type FactBook } from './facts.ts';

type Window = Mover['window'];

/**
 * A project's (or sector's) move from the heat feature's "why it moved" (GET …/history `moves`) → a mover with its
 * top drivers. `to` is the latest stored heat; `from = to − change`. Null without a move.
 */
export function toMover(
  entity: { projectId: string; name: string },
  window: Window,
  move: Move | null,
  to: number | null,
): Mover | null {
  if (!move || to === null) return null;
  return {
    ...entity,
    window,
    from: to - move.change,
    to,
    change: move.change,
    since: move.since,
    drivers: move.components.filter((c) => c.delta !== 0).slice(0, MOVER_DRIVERS),
  };
}

/** Two stored history rows (contributions by key) → a mover; the same deltas as the heat feature's moves. */
export function computeMover(
  entity: { projectId: string; name: string },
  window: Window,
  current: { score: number; contributions: Readonly<Record<string, number>> },
  previous: { at: string; score: number; contributions: Readonly<Record<string, number>> },
): Mover {
  const components = computeContributionDeltas(current.contributions, previous.contributions);
  return toMover(
    entity,
    window,
    { since: previous.at, change: current.score - previous.score, components },
    current.score,
  ) as Mover;
}

/**
 * Records a mover's numbers under `prefix` ('move.day', 'market.mover.day.<id>', …): from, to, change, and each
 * driver's delta (`<prefix>.driver.<key>`) with its current and previous contribution.
 */
export function recordMover(facts: FactBook, prefix: string, mover: Mover | null): void {
  if (!mover) return;
  facts.add(`${prefix}.from`, mover.from, 'points', ANCHORS.movers);
  facts.add(`${prefix}.to`, mover.to, 'points', ANCHORS.movers);
  facts.add(`${prefix}.change`, mover.change, 'points', ANCHORS.movers);
  for (const d of mover.drivers) {
    facts.add(`${prefix}.driver.${d.key}`, d.delta, 'points', ANCHORS.movers);
    facts.add(`${prefix}.driver.${d.key}.current`, d.current, 'points', ANCHORS.movers);
    facts.add(`${prefix}.driver.${d.key}.previous`, d.previous, 'points', ANCHORS.movers);
  }
}
