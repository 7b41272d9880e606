import { eq } from 'drizzle-orm';
import type { XRecentPost } from '../../../shared/api/social.schema.ts';
import type { Db } from '../../db/client.ts';
import { xRecentPosts } from '../../db/schema/index.ts';

/** Replaces a project's stored recent posts with a fresh read (an empty list = read, none found); clears `stale`. */
export async function upsertXRecentPosts(
  db: Db,
  row: { projectId: string; username: string; posts: XRecentPost[]; fetchedAt: Date },
): Promise<void> {
  await db
    .insert(xRecentPosts)
    .values({ ...row, stale: false })
    .onConflictDoUpdate({
      target: xRecentPosts.projectId,
      set: { username: row.username, posts: row.posts, fetchedAt: row.fetchedAt, stale: false },
    });
}

/** A failed read: the stored posts stay (with their as-of) and are marked stale. */
export async function markXRecentPostsStale(db: Db, projectId: string): Promise<void> {
  await db.update(xRecentPosts).set({ stale: true }).where(eq(xRecentPosts.projectId, projectId));
}
