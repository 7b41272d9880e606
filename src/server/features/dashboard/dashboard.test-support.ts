import type { DashboardWidget } from '../../../shared/api/dashboard.schema.ts';
import type { Agent } from '../auth/auth.test-support.ts';

export const getDashboard = (agent: Agent) => agent.request({ method: 'GET', url: '/api/me/dashboard?lang=en' });

export const putDashboard = (agent: Agent, payload: unknown) =>
  agent.request({ method: 'PUT', url: '/api/me/dashboard?lang=en', payload: payload as object });

/** A layout of one widget of each kind that needs no other row. */
export const PLAIN_WIDGETS: DashboardWidget[] = [
  { id: 'w-note', kind: 'note', size: 'wide', settings: { text: 'Watch <b>L2</b> fees' } },
  { id: 'w-movers', kind: 'top_movers', size: 'small', settings: { window: 'day' } },
  { id: 'w-sectors', kind: 'sector_heat', size: 'small', settings: {} },
  { id: 'w-alerts', kind: 'alerts', size: 'small', settings: {} },
  { id: 'w-brief', kind: 'market_brief', size: 'wide', settings: {} },
];

export const createWatchlist = async (agent: Agent, name: string): Promise<string> =>
  (await agent.request({ method: 'POST', url: '/api/watchlists', payload: { name } })).json().id;
