import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { teamMembers, teams, userProfiles } from '../../src/server/db/schema/index.ts';
import { insertUser } from '../../src/server/features/auth/auth.queries.ts';
import { hashPassword } from '../../src/server/features/auth/password.ts';
import { insertProject } from '../../src/server/test/factories.ts';
import { en, zh } from '../../src/shared/locales/index.ts';
import { authenticateInPage, PASSWORD } from '../support/accounts.ts';
import { DESKTOP, expectNoSidewaysScroll, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';
import { callApi } from '../support/page-api.ts';

// What a team shares, on a server of its own: two members of one team (set up in its database) —
// the owner shares a watchlist and writes a note on a project, the other member (no plan of their own) sees both,
// read-only; a third account, in another team, sees none of it. zh and en, 1280 and 390 px.
const LOCALES = { zh, en } as const;
const session = launchFileBrowser();
let server: OwnServer;

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => vars[key] ?? '');

async function insertAccount(email: string, name: string, vip: boolean) {
  const db = server.runtime.handle.db;
  const user = await insertUser(db, { email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
  if (!user) throw new Error(`insert ${email}`);
  const expires = new Date(Date.now() + 30 * 86_400_000);
  await db.insert(userProfiles).values({
    id: user.id,
    email,
    name,
    ...(vip ? { membershipLevel: 'vip' as const, membershipExpiresAt: expires } : {}),
  });
  return user.id;
}

async function insertTeam(name: string, ownerId: string, memberIds: string[]) {
  const db = server.runtime.handle.db;
  const [team] = await db.insert(teams).values({ name }).returning({ id: teams.id });
  await db
    .insert(teamMembers)
    .values([
      { teamId: team!.id, userId: ownerId, role: 'owner' as const },
      ...memberIds.map((userId) => ({ teamId: team!.id, userId, role: 'member' as const })),
    ]);
}

beforeAll(async () => {
  server = await startOwnServer({ env: {} });
  await insertProject(server.runtime.handle.db, { id: 'alpha', name: 'Alpha Protocol', symbol: 'ALP', price: 2 });
  for (const lang of ['zh', 'en'] as const) {
    const owner = await insertAccount(`owner-${lang}@example.com`, `Olivia ${lang}`, true);
    const member = await insertAccount(`member-${lang}@example.com`, `Max ${lang}`, false);
    const outsider = await insertAccount(`outsider-${lang}@example.com`, `Otto ${lang}`, true);
    await insertTeam(`Alpha Desk ${lang}`, owner, [member]);
    await insertTeam(`Other Desk ${lang}`, outsider, []);
  }
}, 120_000);
afterAll(() => server?.close());

async function signIn(page: Page, email: string) {
  await open(page, '/');
  await authenticateInPage(page, 'sign-in', email, PASSWORD);
}

/** 1280 px, then 390 px (no sideways scroll), each screenshotted whole. */
async function bothWidths(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await session.screenshot(page, `${name}-1280`, { fullPage: true });
  await page.setViewportSize(MOBILE);
  await expectNoSidewaysScroll(page, MOBILE.width);
  await session.screenshot(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize(DESKTOP);
}

describe.each(['zh', 'en'] as const)('team sharing (%s)', (lang) => {
  const s = LOCALES[lang].sharing;
  const team = `Alpha Desk ${lang}`;
  const listName = `Desk picks ${lang}`;
  const noteText = `<b>Thesis</b> ${lang}: fees up 40% & rising`;
  const options = { lang, baseURL: '', viewport: DESKTOP } as const;

  test('the owner shares a watchlist and writes a note on the project', async () => {
    await session.withPage({ ...options, baseURL: server.baseURL }, `team-owner-${lang}`, async (page) => {
      await signIn(page, `owner-${lang}@example.com`);
      const created = await callApi(page, 'POST', '/api/watchlists', { name: listName });
      const id = (created.body as { id: string }).id;
      await callApi(page, 'POST', `/api/watchlists/${id}/items`, { projectId: 'alpha' });

      await open(page, '/watchlists');
      await page.getByRole('checkbox', { name: fill(s.share.toggleFor, { name: listName, team }) }).check();
      const shared = page.locator('[data-slot="team-shared-watchlists"]');
      await shared.getByRole('heading', { name: fill(s.shared.watchlistsTitle, { team }) }).waitFor();
      await shared.getByText(listName).waitFor();
      await bothWidths(page, `team-owner-watchlists-${lang}`);

      await open(page, '/project/alpha');
      const panel = page.locator('[data-slot="team-notes"]');
      await panel.getByRole('heading', { name: s.notes.title }).waitFor();
      await panel.getByText(s.notes.empty).waitFor();
      await panel.getByRole('textbox').fill(noteText);
      await panel.getByRole('button', { name: s.notes.add }).click();
      // Shown as typed: the tags are text, nothing is rendered bold.
      await panel.locator('[data-note]').getByText(noteText, { exact: true }).waitFor();
      expect(await panel.locator('[data-note] b').count()).toBe(0);
      await panel.locator('[data-note]').getByRole('button', { name: s.notes.edit }).waitFor();
      await bothWidths(page, `team-owner-note-${lang}`);
    });
  });

  test('the other member (no plan) sees the shared list, read-only, and the note with its author', async () => {
    await session.withPage({ ...options, baseURL: server.baseURL }, `team-member-${lang}`, async (page) => {
      await signIn(page, `member-${lang}@example.com`);
      await open(page, '/watchlists');
      const shared = page.locator('[data-slot="team-shared-watchlists"]');
      const card = shared.locator(`[data-team-watchlist="${listName}"]`);
      await card.getByText(s.shared.readOnly).waitFor();
      await card.getByText(fill(s.shared.by, { name: `Olivia ${lang}` })).waitFor();
      await card.getByRole('button', { name: s.shared.show }).click();
      await card.getByRole('link', { name: 'Alpha Protocol' }).waitFor();
      expect(await card.getByRole('button', { name: s.shared.rename }).count()).toBe(0);
      expect(await card.getByRole('button', { name: s.shared.remove }).count()).toBe(0);
      await bothWidths(page, `team-member-watchlists-${lang}`);

      await open(page, '/project/alpha');
      const panel = page.locator('[data-slot="team-notes"]');
      const note = panel.locator('[data-note]').filter({ hasText: noteText });
      await note.getByText(`Olivia ${lang}`, { exact: false }).waitFor();
      expect(await note.getByRole('button').count()).toBe(0);
      await panel.getByRole('textbox').fill(`Agreed (${lang})`);
      await panel.getByRole('button', { name: s.notes.add }).click();
      const mine = panel.locator('[data-note]').filter({ hasText: `Agreed (${lang})` });
      await mine.getByRole('button', { name: s.notes.edit }).waitFor();
      await bothWidths(page, `team-member-notes-${lang}`);
    });
  });

  test('an account in another team sees none of it', async () => {
    await session.withPage({ ...options, baseURL: server.baseURL }, `team-outsider-${lang}`, async (page) => {
      await signIn(page, `outsider-${lang}@example.com`);
      await open(page, '/project/alpha');
      const panel = page.locator('[data-slot="team-notes"]');
      await panel.getByText(s.notes.empty).waitFor();
      await panel.getByText(fill(s.notes.visibleTo, { team: `Other Desk ${lang}` })).waitFor();
      expect(await page.getByText(noteText).count()).toBe(0);
      await bothWidths(page, `team-outsider-note-${lang}`);

      await open(page, '/watchlists');
      const shared = page.locator('[data-slot="team-shared-watchlists"]');
      await shared.getByText(s.shared.watchlistsEmpty).waitFor();
      expect(await page.getByText(listName).count()).toBe(0);
      await bothWidths(page, `team-outsider-watchlists-${lang}`);
    });
  });
});
