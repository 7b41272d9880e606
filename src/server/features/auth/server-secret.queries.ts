import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';

/** The stored secret `name`, inserting `candidate` first if there is none (concurrent starts agree on one row). */
export async function selectOrInsertServerSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name))
    .limit(1);
  if (!row) throw new Error(`server secret ${name} vanished`);
  return row.value;
}
