import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectScores, projects, scoresOfProject, xRecentPosts } from '../../db/schema/index.ts';

/** One project's stored X figures, social score and recent posts (left-joined: null when never read). */
export async function selectProjectSocial(db: Db, projectId: string) {
  const [row] = await db
    .select({
      id: projects.id,
      name: projects.name,
      twitterHandle: projects.twitterHandle,
      followersTwitter: projects.followersTwitter,
      mentions7d: projects.mentions7d,
      metricSources: projects.metricSources,
      socialScore: projectScores.socialScore,
      scoredAt: projectScores.computedAt,
      postsUsername: xRecentPosts.username,
      posts: xRecentPosts.posts,
      postsFetchedAt: xRecentPosts.fetchedAt,
      postsStale: xRecentPosts.stale,
    })
    .from(projects)
    .innerJoin(projectScores, scoresOfProject)
    .leftJoin(xRecentPosts, eq(xRecentPosts.projectId, projects.id))
    .where(eq(projects.id, projectId));
  return row;
}
