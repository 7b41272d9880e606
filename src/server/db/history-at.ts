import { type SQL, sql } from 'drizzle-orm';

// How readers see change-only project history (docs/heat-score.md §7.2). A run writes a project's run row only when
// one of its stored outputs moved, plus one at its first run of each UTC hour; a row with a null score marks that it
// stopped being scored (or was deleted). So a project's row "at run t" is its newest run row in [the hour of t, t],
// absent when that row's score is null; heat_runs lists the runs. Sectors keep a row per run, and compacted rows
// (hour, day) are each project's row at the last run of its bucket, as before: both are read as they are.

/** The UTC hour `at` (a timestamptz expression) falls in, as a timestamptz. */
export const hourStartOf = (at: SQL) => sql`(date_trunc('hour', (${at}) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

const param = (at: Date | string) => sql`${typeof at === 'string' ? at : at.toISOString()}::timestamptz`;

/**
 * Every project's row at run `at` (its newest run row of that hour up to `at`), scored ones only: one range of
 * heat_history_tier_time_idx (an hour of rows at most). Columns: entity_id, computed_at (the row's own time), score,
 * social_score, signal_score, contributions, model.
 */
export function projectRowsAt(at: Date | string | SQL): SQL {
  const t = at instanceof Date || typeof at === 'string' ? param(at) : at;
  return sql`(SELECT * FROM (
    SELECT DISTINCT ON (entity_id) entity_id, computed_at, score, social_score, signal_score, contributions, model
    FROM heat_history
    WHERE granularity = 'run' AND entity_type = 'project' AND computed_at <= ${t} AND computed_at >= ${hourStartOf(t)}
    ORDER BY entity_id, computed_at DESC
  ) AS carried WHERE score IS NOT NULL)`;
}

/**
 * One project's row at run `at` by primary key (for a LATERAL join or a scalar subquery): its newest run row of that
 * hour up to `at`. The score is null when the project was not scored at `at`; no row when it had none that hour.
 */
export function projectRowAt(id: SQL, at: SQL, columns: SQL = sql`*`): SQL {
  return sql`(SELECT ${columns} FROM heat_history
    WHERE entity_type = 'project' AND entity_id = ${id} AND granularity = 'run' AND computed_at <= ${at}
      AND computed_at >= ${hourStartOf(at)}
    ORDER BY computed_at DESC LIMIT 1)`;
}

/**
 * The time an entity's history row stands for (`h` is its alias): for a project's run row, the last run it was still
 * the project's row at (before its next row, within its hour, and at most `cap`); for any other row its own time.
 * A reader that used to take "the last row of a bucket" gets the same time that way.
 */
export function effectiveAt(h: string, cap?: SQL): SQL {
  const a = sql.raw(h);
  const end = sql`least(${hourStartOf(sql`${a}.computed_at`)} + interval '1 hour', coalesce((
      SELECT min(n.computed_at) FROM heat_history n
      WHERE n.entity_type = ${a}.entity_type AND n.entity_id = ${a}.entity_id AND n.computed_at > ${a}.computed_at
    ), 'infinity'::timestamptz))`;
  return sql`(CASE WHEN ${a}.entity_type = 'project' AND ${a}.granularity = 'run' THEN coalesce((
      SELECT max(r.computed_at) FROM heat_runs r
      WHERE r.granularity = 'run' AND r.computed_at >= ${a}.computed_at AND r.computed_at < ${end}
        ${cap ? sql`AND r.computed_at <= ${cap}` : sql``}
    ), ${a}.computed_at) ELSE ${a}.computed_at END)`;
}

/**
 * Rows of heat_history `h` that count from `since` on: those at or after it, and a project's run row of the hour
 * before it that was still its row at a run from `since` on (that run used to have a row of its own).
 */
export function countsSince(h: string, since: Date): SQL {
  const a = sql.raw(h);
  const s = param(since);
  return sql`${a}.computed_at >= ${hourStartOf(s)}
    AND (${a}.computed_at >= ${s} OR ${effectiveAt(h)} >= ${s})`;
}
