import type { ComponentType } from 'react';
import { AccountsTab } from './components/accounts-tab.tsx';
import { AdsTab } from './components/ads-tab.tsx';
import { AuditPanel } from './components/audit-panel.tsx';
import { ClientErrorsTab } from './components/client-errors-tab.tsx';
import { CorrectionsTab } from './components/corrections-tab.tsx';
import { ImportPanel } from './components/import-panel.tsx';
import { MethodologyTab } from './components/methodology-tab.tsx';
import { OperationsTab } from './components/operations-tab.tsx';
import { PaymentsTab } from './components/payments-tab.tsx';
import { ProjectsPanel } from './components/projects-panel.tsx';
import { SectorsPanel } from './components/sectors-panel.tsx';
import { StatsTab } from './components/stats-tab.tsx';

/**
 * The /admin page's sections, in display order. Each section is its own component (one file per area under
 * components/); its label is `tabs.<id>` in the admin namespace. The server guards every call a section makes.
 */
export type AdminTab = { id: string; Component: ComponentType };

export const ADMIN_TABS: AdminTab[] = [
  { id: 'projects', Component: ProjectsPanel },
  { id: 'sectors', Component: SectorsPanel },
  { id: 'import', Component: ImportPanel },
  { id: 'corrections', Component: CorrectionsTab },
  { id: 'stats', Component: StatsTab },
  { id: 'operations', Component: OperationsTab },
  { id: 'methodology', Component: MethodologyTab },
  { id: 'payments', Component: PaymentsTab },
  { id: 'ads', Component: AdsTab },
  { id: 'accounts', Component: AccountsTab },
  { id: 'clientErrors', Component: ClientErrorsTab },
  { id: 'audit', Component: AuditPanel },
];
