import type { Correction } from '../../../shared/api/corrections.schema.ts';
import { CorrectionSchema } from '../../../shared/api/corrections.schema.ts';
import type { Db } from '../../db/client.ts';
import { insertProject, insertSector } from '../../test/factories.ts';
import type { Agent } from '../auth/auth.test-support.ts';

/** Two sectors and a project with every correctable fact set, so each field has a current value to differ from. */
export async function seedCorrectable(db: Db, id: string) {
  for (const [sectorId, name] of [
    ['defi', 'DeFi'],
    ['gaming', 'Gaming'],
  ] as const) {
    await insertSector(db, { id: sectorId, name }).catch(() => undefined); // the second seed of a file finds them
  }
  return insertProject(db, {
    id,
    name: `Project ${id}`,
    category: 'DeFi',
    categories: ['DeFi'],
    chains: ['Ethereum'],
    websiteUrl: `https://${id}.example`,
    twitterHandle: 'oldhandle',
    telegramUrl: null,
    discordUrl: 'https://discord.gg/old',
    githubOrgs: ['old-org'],
    whitepaperUrl: null,
    descriptionEn: 'Old English text',
    descriptionZh: '旧的中文介绍',
  });
}

/** POSTs a correction and returns the response (status checked by the caller). */
export function propose(agent: Agent, projectId: string, payload: unknown) {
  return agent.request({ method: 'POST', url: `/api/projects/${projectId}/corrections`, payload: payload as object });
}

/** POSTs a correction that must be created. */
export async function proposeOk(agent: Agent, projectId: string, payload: unknown): Promise<Correction> {
  const res = await propose(agent, projectId, payload);
  if (res.statusCode !== 201) throw new Error(`propose failed: ${res.statusCode} ${res.body}`);
  return CorrectionSchema.parse(res.json());
}
