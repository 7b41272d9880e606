import { count, desc, eq, sql } from 'drizzle-orm';
import { LEVEL_POINT_THRESHOLDS, type MembershipLevel } from '../../../shared/membership/level.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { projects, sectors, userProfiles, users } from '../../db/schema/index.ts';

export function selectProjectsByCategory(db: Db) {
  return db
    .select({ category: projects.category, count: count() })
    .from(projects)
    .groupBy(projects.category)
    .orderBy(desc(count()), projects.category);
}

export async function selectVerifiedProjectCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(eq(projects.isVerified, true));
  return row?.n ?? 0;
}

export function selectRecentlyUpdatedProjects(db: Db, limit: number) {
  return db
    .select({ id: projects.id, name: projects.name, category: projects.category, updatedAt: projects.updatedAt })
    .from(projects)
    .orderBy(desc(projects.updatedAt), projects.id)
    .limit(limit);
}

export function selectSectorHeat(db: Db) {
  return db
    .select({
      id: sectors.id,
      name: sectors.name,
      nameZh: sectors.nameZh,
      heatScore: sectors.heatScore,
      projectCount: sectors.projectCount,
    })
    .from(sectors)
    .orderBy(sql`${sectors.heatScore} DESC NULLS LAST`, sectors.name);
}

/**
 * Users grouped by what decides their level: the paid plan, whether it still runs at `now`, and the points band
 * (LEVEL_POINT_THRESHOLDS). A handful of groups whatever the number of users; the service applies the one level
 * function to each. A user without a profile row counts as free with 0 points.
 */
export function selectLevelGroups(db: Db, now: Date) {
  const { premium, vip } = LEVEL_POINT_THRESHOLDS;
  return queryRows<{ paid_level: MembershipLevel | null; paid_active: boolean; band: number; n: number }>(
    db,
    sql`SELECT p.membership_level AS paid_level,
               coalesce(p.membership_expires_at > ${now.toISOString()}::timestamptz, false) AS paid_active,
               CASE WHEN coalesce(p.points, 0) >= ${vip}::int THEN ${vip}::int
                    WHEN coalesce(p.points, 0) >= ${premium}::int THEN ${premium}::int ELSE 0 END AS band,
               count(*)::int AS n
        FROM ${users} u LEFT JOIN ${userProfiles} p ON p.id = u.id
        GROUP BY 1, 2, 3`,
  );
}
