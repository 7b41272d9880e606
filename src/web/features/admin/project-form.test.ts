import { describe, expect, test } from 'vitest';
import { type ExportProject, ExportProjectSchema } from '../../../shared/api/catalogue.schema.ts';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrorsOf, fromProjectForm, PROJECT_FIELD_KEYS, toProjectForm } from './project-form.ts';

const full: ExportProject = {
  id: 'admin-made',
  name: 'Admin Made',
  symbol: 'ADM',
  category: 'DeFi',
  chains: ['Ethereum', 'Base'],
  website: 'https://admin-made.example',
  twitter: 'adminmade',
  telegram: null,
  discord: 'https://discord.gg/adminmade',
  github: ['admin-made', 'admin-made-labs'],
  coingeckoId: null,
  listedAt: '2024-05-01',
  sourcePlatform: null,
  verification: { method: 'site-review', by: 'ops', at: '2025-01-02', note: 'checked' },
  newsQuery: '"Admin Made"',
  wikipedia: { en: 'Admin_Made' },
  whitepaper: 'https://admin-made.example/paper.pdf',
  team: { en: 'Two founders', zh: '两位创始人' },
  roadmap: { en: 'Mainnet' },
  partnerships: ['Chainlink'],
  tags: ['amm'],
  introEn: 'An exchange',
  introZh: '交易所',
  descriptionEn: 'Longer English text',
  descriptionZh: '较长的中文介绍',
  sample: { asOf: '2025-01-01', marketCapUsd: 1, volume24hUsd: null, twitterFollowers: 5 },
};

describe('the project form', () => {
  test('every field of a project survives form → body unchanged (the sample is passed through)', () => {
    expect(fromProjectForm(toProjectForm(full), full.sample)).toEqual(full);
  });

  test('a new project starts empty; empty fields become null or are left out, lists split on commas', () => {
    const values = {
      ...toProjectForm(null),
      id: ' fresh ',
      name: 'Fresh',
      category: 'DeFi',
      chains: 'Ethereum，Base, ',
    };
    const body = fromProjectForm(values);

    expect(body).toEqual({
      id: 'fresh',
      name: 'Fresh',
      symbol: null,
      category: 'DeFi',
      chains: ['Ethereum', 'Base'],
      tags: [],
      sourcePlatform: null,
      listedAt: null,
      coingeckoId: null,
      website: null,
      twitter: null,
      telegram: null,
      discord: null,
      github: [],
      introZh: null,
      introEn: null,
      descriptionZh: null,
      descriptionEn: null,
      sample: null,
    });
    expect(ExportProjectSchema.safeParse(body).success).toBe(true);
  });

  test('a zh text without its en side is sent with an empty en, so the server names team.en', () => {
    const body = fromProjectForm({ ...toProjectForm(full), 'team.en': '' });

    expect(body.team).toEqual({ en: '', zh: '两位创始人' });
    expect(ExportProjectSchema.safeParse(body).error?.issues[0]?.path).toEqual(['team', 'en']);
  });
});

describe('fieldErrorsOf', () => {
  test('server validation issues go under their field; list items under the list; the rest apart', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', '请求参数无效', [
      { field: 'website', message: '无效的 URL' },
      { field: 'chains.1', message: '太短' },
      { field: 'team.en', message: '太短' },
      { field: 'wikipedia', message: 'at least one of en, zh' },
    ]);

    expect(fieldErrorsOf(error, PROJECT_FIELD_KEYS)).toEqual({
      fields: { website: '无效的 URL', chains: '太短', 'team.en': '太短' },
      other: ['wikipedia: at least one of en, zh'],
    });
  });

  test('any other failure has no field errors', () => {
    expect(fieldErrorsOf(new ApiError(409, 'CONFLICT', 'x'), PROJECT_FIELD_KEYS)).toEqual({ fields: {}, other: [] });
    expect(fieldErrorsOf(null, PROJECT_FIELD_KEYS)).toEqual({ fields: {}, other: [] });
  });
});
