import type { Db } from '../../db/client.ts';
import { refreshSectorAggregates } from '../../db/sector-aggregates.ts';
import { withTransaction } from '../../db/transaction.ts';
import { type Catalogue, readCatalogue, toProjectRow, toSectorRow } from './catalogue.data.ts';
import { isProjectsTableEmpty, upsertCatalogueProjects, upsertSectors } from './catalogue.queries.ts';

// What other features use of this feature's inner modules: they import it from here, never from those files.
export { readCatalogue, toProjectRow, toSectorRow } from './catalogue.data.ts';
export {
  AdminProjectCreateSchema,
  AdminProjectSchema,
  type AdminProjectWrite,
  AdminProjectWriteSchema,
  AdminSectorCreateSchema,
  type CatalogueProject,
  CatalogueProjectSchema,
  CatalogueSectorSchema,
  ChainNameSchema,
  type ExportProject,
  ExportProjectSchema,
  type ExportSector,
  ExportSectorSchema,
  FULL_EXPORT_VERSION,
  type FullExport,
  FullExportSchema,
  KnownChainsResponseSchema,
} from './catalogue.schema.ts';

export type CatalogueLoadResult = { loaded: boolean; sectors: number; projects: number };

/** Upserts the built-in catalogue (idempotent on id) in one transaction and refreshes sector aggregates. */
export async function loadCatalogue(db: Db, catalogue: Catalogue = readCatalogue()): Promise<CatalogueLoadResult> {
  await withTransaction(db, async (tx) => {
    await upsertSectors(tx, catalogue.sectors.map(toSectorRow));
    await upsertCatalogueProjects(tx, catalogue.projects.map(toProjectRow));
  });
  await refreshSectorAggregates(db);
  return { loaded: true, sectors: catalogue.sectors.length, projects: catalogue.projects.length };
}

/** Upserts only the catalogue's sectors (idempotent on id): the synthetic seeder files its projects under them. */
export async function loadCatalogueSectors(db: Db, catalogue: Catalogue = readCatalogue()): Promise<void> {
  await upsertSectors(db, catalogue.sectors.map(toSectorRow));
}

/** Loads the catalogue only into an empty projects table (first start); otherwise changes nothing. */
export async function loadCatalogueIfEmpty(db: Db): Promise<CatalogueLoadResult> {
  if (!(await isProjectsTableEmpty(db))) return { loaded: false, sectors: 0, projects: 0 };
  return loadCatalogue(db);
}
