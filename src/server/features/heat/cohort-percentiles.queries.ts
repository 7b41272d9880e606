import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';

/** One input's standing in a cohort: peers with data (the project included), and how many are below or equal. */
export type CohortCounts = { peers: number; below: number; equal: number };

/** A cohort: the project's sector, or its market-cap band [from, to). */
export type Cohort = { kind: 'sector'; category: string } | { kind: 'capBand'; from: number; to: number | null };

function cohortCondition(cohort: Cohort): SQL {
  if (cohort.kind === 'sector') return sql`${projects.category} = ${cohort.category}`;
  const lower = sql`${projects.marketCap} >= ${cohort.from}::float8`;
  return cohort.to === null ? lower : sql`${lower} AND ${projects.marketCap} < ${cohort.to}::float8`;
}

/**
 * For each input value given, how it ranks among the projects of each cohort that have that input: one scan of the
 * cohorts' projects with three counts per (input, cohort). Keys of the result follow `values`, then the cohort index.
 */
export async function selectCohortCounts(
  db: Db,
  values: ReadonlyArray<{ key: string; column: AnyPgColumn; value: number }>,
  cohorts: readonly Cohort[],
): Promise<Map<string, CohortCounts[]>> {
  const result = new Map<string, CohortCounts[]>();
  if (values.length === 0 || cohorts.length === 0) return result;
  const aggregates: SQL[] = [];
  values.forEach(({ column, value }, i) => {
    cohorts.forEach((cohort, c) => {
      const within = cohortCondition(cohort);
      aggregates.push(
        sql`count(${column}) FILTER (WHERE ${within}) AS ${sql.raw(`n_${i}_${c}`)}`,
        sql`count(*) FILTER (WHERE ${within} AND ${column} < ${value}::float8) AS ${sql.raw(`b_${i}_${c}`)}`,
        sql`count(*) FILTER (WHERE ${within} AND ${column} = ${value}::float8) AS ${sql.raw(`e_${i}_${c}`)}`,
      );
    });
  });
  const anyCohort = sql.join(
    cohorts.map((c) => sql`(${cohortCondition(c)})`),
    sql` OR `,
  );
  const [row] = await queryRows<Record<string, string | number>>(
    db,
    sql`SELECT ${sql.join(aggregates, sql`, `)} FROM ${projects} WHERE ${anyCohort}`,
  );
  values.forEach(({ key }, i) => {
    result.set(
      key,
      cohorts.map((_, c) => ({
        peers: Number(row?.[`n_${i}_${c}`] ?? 0),
        below: Number(row?.[`b_${i}_${c}`] ?? 0),
        equal: Number(row?.[`e_${i}_${c}`] ?? 0),
      })),
    );
  });
  return result;
}
