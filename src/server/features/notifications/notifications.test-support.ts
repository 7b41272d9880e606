import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

/** `count` level_changed notifications for a user, one a minute back from `newest` (the first is the newest). */
export async function insertNotifications(
  db: Db,
  userId: string,
  count: number,
  { newest = new Date(), tag = 'n', sameTime = false }: { newest?: Date; tag?: string; sameTime?: boolean } = {},
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    kind: 'level_changed' as const,
    params: { from: 'free', to: 'premium', i },
    link: '/membership',
    dedupeKey: `${tag}:${i}`,
    createdAt: sameTime ? newest : new Date(newest.getTime() - i * 60_000),
  }));
  return db.insert(notifications).values(rows).returning({ id: notifications.id });
}
