import { z } from 'zod';

const nullableUrl = z.url().nullable();
/** A short curated text in English, with its Chinese where written. */
const localText = z.object({
  en: z.string().trim().min(1).max(1000),
  zh: z.string().trim().min(1).max(1000).optional(),
});

export const CatalogueSectorSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  nameZh: z.string().min(1),
  descriptionEn: z.string().min(1),
  descriptionZh: z.string().min(1),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  icon: z.string().min(1),
});
export type CatalogueSector = z.infer<typeof CatalogueSectorSchema>;

export const CatalogueProjectSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().min(1),
  symbol: z.string().min(1).nullable(),
  category: z.string().min(1),
  chains: z.array(z.string().min(1)).min(1),
  website: nullableUrl,
  twitter: z
    .string()
    .regex(/^\w{1,30}$/)
    .nullable(),
  telegram: nullableUrl,
  discord: nullableUrl,
  github: z.array(z.string().min(1)),
  coingeckoId: z.string().min(1).nullable(),
  listedAt: z.iso.date().nullable(),
  /**
   * An operator's review of this entry against the project's own site (docs/verification.md). Absent means not
   * reviewed: no entry is verified just by being in the catalogue.
   */
  verification: z
    .object({
      method: z.literal('site-review'),
      by: z.string().trim().min(1).max(100),
      at: z.iso.date(),
      note: z.string().trim().min(1).max(500).optional(),
    })
    .optional(),
  /**
   * Curated search terms for news (GDELT) and Reddit mentions, in their common syntax (`"phrase"`, space = and,
   * `(a OR b)`); absent → built from the name and symbol, with crypto context for a name that is an everyday word.
   */
  newsQuery: z.string().trim().min(3).max(300).optional(),
  /** Wikipedia article titles (as in the article's address) whose page views give the search-interest signal. */
  wikipedia: z
    .object({ en: z.string().trim().min(1).max(255).optional(), zh: z.string().trim().min(1).max(255).optional() })
    .refine((titles) => titles.en !== undefined || titles.zh !== undefined, 'at least one of en, zh')
    .optional(),
  sourcePlatform: z.string().min(1).nullable(),
  // The spec's remaining project labels (whitepaper, team, roadmap, tokenomics, partnerships): each optional, shown on
  // the project page when present, editable later by an admin (a catalogue load never clears an edited value).
  whitepaper: z.url().optional(),
  team: localText.optional(),
  roadmap: localText.optional(),
  tokenomics: localText.optional(),
  partnerships: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  tags: z.array(z.string().min(1)),
  introEn: z.string().min(1),
  introZh: z.string().min(1),
  descriptionEn: z.string().min(1),
  descriptionZh: z.string().min(1),
  /** Approximate figures labelled as sample data with their as-of date; live ingestion replaces them. */
  sample: z
    .object({
      asOf: z.iso.date(),
      marketCapUsd: z.number().nonnegative().nullable(),
      volume24hUsd: z.number().nonnegative().nullable(),
      twitterFollowers: z.number().int().nonnegative().nullable(),
    })
    .nullable(),
});
export type CatalogueProject = z.infer<typeof CatalogueProjectSchema>;

/**
 * A project in the admin's full export (GET /api/admin/export): the catalogue's shape, so an import reads the file
 * back with the same mapping (toProjectRow). Every catalogue entry is a valid export project; the relaxations are what
 * a project discovered by ingestion may lack or hold differently: no curated texts (null), no chains yet, links as
 * stored, an X-verified project (method 'x').
 */
export const ExportProjectSchema = CatalogueProjectSchema.extend({
  id: z.string().min(1),
  chains: z.array(z.string().min(1)),
  website: z.string().nullable(),
  twitter: z.string().nullable(),
  telegram: z.string().nullable(),
  discord: z.string().nullable(),
  verification: z
    .object({
      method: z.enum(['x', 'site-review']),
      by: z.string().min(1),
      at: z.iso.date(),
      note: z.string().optional(),
    })
    .optional(),
  introEn: z.string().min(1).nullable(),
  introZh: z.string().min(1).nullable(),
  descriptionEn: z.string().min(1).nullable(),
  descriptionZh: z.string().min(1).nullable(),
});
export type ExportProject = z.infer<typeof ExportProjectSchema>;

/** A sector in the full export: the catalogue's shape; texts a discovered sector lacks are null. */
export const ExportSectorSchema = CatalogueSectorSchema.extend({
  id: z.string().min(1),
  nameZh: z.string().min(1).nullable(),
  descriptionEn: z.string().min(1).nullable(),
  descriptionZh: z.string().min(1).nullable(),
  icon: z.string().min(1).nullable(),
});
export type ExportSector = z.infer<typeof ExportSectorSchema>;

export const FULL_EXPORT_VERSION = '1.0';

/** The admin's full export file (spec §3 "Data export file (admin)"). */
export const FullExportSchema = z.object({
  projects: z.array(ExportProjectSchema),
  sectors: z.array(ExportSectorSchema),
  /** Every chain the projects name (an import adds these on purpose); absent in older files, written before imports could add chains. */
  chains: z.array(z.string()).optional(),
  exportTime: z.iso.datetime(),
  version: z.literal(FULL_EXPORT_VERSION),
});
export type FullExport = z.infer<typeof FullExportSchema>;

/** A link an admin enters (form, API, import): an absolute http(s) address; "not a url" or javascript: is refused. */
export const HttpLinkSchema = z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).max(2000);
/** A chain's name as projects list it ("Ethereum", "BNB Chain"). */
export const ChainNameSchema = z.string().trim().min(1).max(60);

/**
 * A project as an admin writes it (POST/PUT /api/admin/projects, each import row): the export shape with its links
 * held to http(s) addresses and the X handle to a handle (a leading @ is dropped). Whether the sector and chains exist
 * is checked against the database by the server (catalogue-references.ts): the category must name a sector, each
 * chain must be known or listed in `newChains`.
 */
export const AdminProjectSchema = ExportProjectSchema.extend({
  id: z.string().trim().min(1).max(200),
  name: z.string().trim().min(1).max(200),
  category: z.string().trim().min(1).max(100),
  chains: z.array(ChainNameSchema).max(50),
  website: HttpLinkSchema.nullable(),
  telegram: HttpLinkSchema.nullable(),
  discord: HttpLinkSchema.nullable(),
  whitepaper: HttpLinkSchema.optional(),
  twitter: z
    .string()
    .trim()
    .regex(/^@?\w{1,30}$/, 'validation.formats.handle')
    .nullable(),
});
export type AdminProject = z.infer<typeof AdminProjectSchema>;

/** The body of POST/PUT /api/admin/projects: a project, and the chains it adds to the known list on purpose. */
export const AdminProjectWriteSchema = AdminProjectSchema.extend({
  newChains: z.array(ChainNameSchema).max(20).optional(),
});
export type AdminProjectWrite = z.infer<typeof AdminProjectWriteSchema>;

/** POST /api/admin/projects: a new project's id is its address (/projects/<id>), so it must be a slug. */
export const AdminProjectCreateSchema = AdminProjectWriteSchema.extend({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.formats.slug')
    .max(100),
});

/** POST /api/admin/sectors: a new sector (its own explicit action; a project's category never creates one). */
export const AdminSectorCreateSchema = ExportSectorSchema.extend({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.formats.slug')
    .max(100),
  name: z.string().trim().min(1).max(100),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.formats.color'),
});

/** GET /api/admin/chains: every chain a project may name without adding it (the chains projects already list). */
export const KnownChainsResponseSchema = z.object({ items: z.array(z.string()) });
