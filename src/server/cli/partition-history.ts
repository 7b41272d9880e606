import { loadConfig, readEnvironment } from '../config.ts';
import { createDb } from '../db/client.ts';
import { ensureMonthPartitions, partitionHeatHistory } from '../db/history-partitions.ts';
import { withTransaction } from '../db/transaction.ts';

// npm run db:partition-history — turns heat_history into monthly partitions on PostgreSQL (docs/heat-score.md,
// "Monthly partitions"). It copies every history row under an exclusive lock on heat_history: run it while the heat
// job is paused or at a quiet hour. Running it again only creates the coming months' partitions.

async function main() {
  const config = loadConfig(readEnvironment());
  const handle = await createDb(config, { role: 'db:partition-history' });
  try {
    if (handle.kind !== 'postgres') throw new Error('db:partition-history: PostgreSQL only (PGlite keeps one table)');
    const now = new Date();
    const copied = await withTransaction(handle.db, async (tx) => {
      const rows = await partitionHeatHistory(tx, now);
      await ensureMonthPartitions(tx, now);
      return rows;
    });
    process.stdout.write(
      copied === false
        ? 'heat_history is already partitioned by month\n'
        : `heat_history partitioned by month: ${copied} rows copied\n`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
