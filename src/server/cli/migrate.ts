import { loadConfig, readEnvironment } from '../config.ts';
import { createDb, getMigrationVersion } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';

// npm run db:migrate — applies the committed migrations to DATA_DIR (PGlite) or DATABASE_URL and prints the version.
// The server does the same at start; this is for deploys that migrate before rolling out new instances.

async function main() {
  const config = loadConfig(readEnvironment());
  const handle = await createDb(config, { role: 'db:migrate' });
  try {
    const version = await getMigrationVersion(handle.db);
    process.stdout.write(`${handle.kind}: migrated to ${version ?? '(none)'}\n`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof DataDirLockedError || error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
