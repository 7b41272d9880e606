import type { AdminProjectListQuery } from '../../../shared/api/admin-data.schema.ts';
import type { CorrectionStatus } from '../../../shared/api/corrections.schema.ts';

/** The admin feature's query keys, one factory for every tab's *-api.ts (every read is an admin's alone). */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  config: ['admin', 'config'] as const,
  runs: ['admin', 'operation-runs'] as const,
  ads: ['admin', 'ads'] as const,
  clientErrors: ['admin', 'client-errors'] as const,
  payments: ['admin', 'payments'] as const,
  socialAccounts: {
    all: ['admin', 'social-accounts'] as const,
    list: () => ['admin', 'social-accounts', 'list'] as const,
    usage: (days: number) => ['admin', 'social-accounts', 'usage', days] as const,
  },
  corrections: {
    all: ['admin', 'corrections'] as const,
    list: (status: CorrectionStatus, offset: number) => ['admin', 'corrections', status, offset] as const,
  },
  data: {
    all: ['admin-data'] as const,
    projects: (query: AdminProjectListQuery) => ['admin-data', 'projects', query] as const,
    project: (id: string) => ['admin-data', 'project', id] as const,
    sectors: () => ['admin-data', 'sectors'] as const,
    chains: () => ['admin-data', 'chains'] as const,
    audit: (before: number | undefined) => ['admin-data', 'audit', before ?? null] as const,
  },
};
