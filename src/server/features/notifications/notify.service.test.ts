import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUpAgent } from '../auth/auth.test-support.ts';
import { countUnread, notify } from './notify.service.ts';

describe('notify: the one way sources add notifications', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
  });
  afterAll(() => t.close());

  test('the same event reported twice (or 50 times at once) is one notification', async () => {
    const { me } = await signUpAgent(t.app, 'notify@example.com');
    const userId = me.user!.id;
    const row = { userId, kind: 'level_changed' as const, params: { from: 'free', to: 'premium' }, link: null };
    expect(await notify(t.db, [{ ...row, dedupeKey: 'level:premium:1' }])).toBe(1);
    const again = await Promise.all(
      Array.from({ length: 50 }, () => notify(t.db, [{ ...row, dedupeKey: 'level:premium:1' }])),
    );
    expect(again.reduce((a, b) => a + b, 0)).toBe(0);
    expect(await notify(t.db, [{ ...row, dedupeKey: 'level:vip:2' }])).toBe(1);
    expect(await countUnread(t.db, userId)).toBe(2);
  });
});
