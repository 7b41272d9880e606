import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { en, zh } from '../../src/shared/locales/index.ts';
import { pickFromMenu, sharedServerInvitation, signIn, signUp } from '../support/accounts.ts';
import { DESKTOP, expectNoSidewaysScroll, type Lang, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { fillTemplate } from '../support/text.ts';

// Team collaboration: a vip owner creates a team from the user menu and invites a colleague by e-mail; the
// colleague (a second browser) opens the e-mailed link signed out, is asked to sign up or sign in first, signs up,
// opens the link again and accepts; both then see the team with both members, and a note the owner writes on a
// project reaches the new member there. Opening the used link again says so.
// zh and en; the owner at 1280 px, the invitee at 390 px, and the owner's page at 390 px too.
const LOCALES = { zh, en } as const;

const session = launchFileBrowser();
const shot = (page: Page, name: string) => session.screenshot(page, name, { fullPage: true });

async function fitsPhone(page: Page) {
  await expectNoSidewaysScroll(page, MOBILE.width);
}

describe.each(['zh', 'en'] as const)('team journey (%s)', (lang: Lang) => {
  const c = LOCALES[lang];
  const t = c.teams;
  const owner = inject('teamOwner')[lang];
  const invitee = `team-invitee-${lang}-${Date.now()}@example.com`;
  const teamName = lang === 'zh' ? '链上研究组 <b>' : 'On-chain desk <b>';

  test('the owner creates a team and invites; the invitee joins through the e-mailed link; both see it', async () => {
    await session.withPage({ lang, viewport: DESKTOP }, `team-owner-${lang}`, async (ownerPage) => {
      await signIn(ownerPage, c, owner.email, owner.password);
      await ownerPage.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await pickFromMenu(ownerPage, c.auth.menu.team);
      await ownerPage.getByRole('heading', { name: t.title, level: 1 }).waitFor();
      expect(new URL(ownerPage.url()).pathname).toBe('/team');

      // Create: the name (with markup, shown as typed) and the seats of a vip team.
      await ownerPage.getByText(fillTemplate(t.seatsRule, { seats: 5 })).waitFor();
      await shot(ownerPage, `team-${lang}-create`);
      await ownerPage.getByLabel(t.create.label).fill(teamName);
      await ownerPage.getByRole('button', { name: t.create.submit }).click();
      const overview = ownerPage.locator('[data-slot="team-overview"]');
      await overview.locator('[data-slot="team-name"]').getByText(teamName, { exact: true }).waitFor();
      expect(await overview.locator('[data-slot="team-seats"]').textContent()).toBe(
        fillTemplate(t.overview.seats, { used: 1, limit: 5 }),
      );

      // Invite by e-mail: the pending invitation is listed with its expiry.
      await ownerPage.getByLabel(t.invite.label).fill(invitee);
      await ownerPage.getByRole('button', { name: t.invite.submit }).click();
      await ownerPage
        .getByRole('status')
        .getByText(fillTemplate(t.invite.sent, { email: invitee }))
        .waitFor();
      await ownerPage.locator('[data-slot="pending-invitation"]', { hasText: invitee }).waitFor();
      await shot(ownerPage, `team-${lang}-invited`);

      await session.withPage({ lang, viewport: MOBILE }, `team-invitee-${lang}`, async (page) => {
        // The link, opened signed out: sign in or sign up first, and come back here.
        const token = await sharedServerInvitation(invitee);
        await open(page, `/team/join?token=${encodeURIComponent(token)}`);
        const prompt = page.locator('[data-slot="join-sign-in"]');
        await prompt.getByText(t.join.signInFirst).waitFor();
        const signUpHref = await prompt.getByRole('link', { name: t.join.signUp }).getAttribute('href');
        expect(new URL(signUpHref ?? '', 'http://x').searchParams.get('returnTo')).toBe(
          `/team/join?token=${encodeURIComponent(token)}`,
        );
        await shot(page, `team-${lang}-join-signed-out-390`);
        await fitsPhone(page);

        await signUp(page, c, invitee);
        await open(page, `/team/join?token=${encodeURIComponent(await sharedServerInvitation(invitee))}`);
        await page.getByText(fillTemplate(t.join.signedInAs, { email: invitee })).waitFor();
        await page.getByRole('button', { name: t.join.accept }).click();
        await page.getByText(fillTemplate(t.join.joined, { team: teamName })).waitFor();
        await shot(page, `team-${lang}-joined-390`);
        await page.getByRole('link', { name: t.join.openTeam }).click();

        // The member's view: both members with roles; no invite form; Leave asks first.
        const members = page.locator('[data-slot="team-member"]');
        await members.nth(1).waitFor();
        expect(await members.count()).toBe(2);
        expect(await members.nth(0).getAttribute('data-role')).toBe('owner');
        expect(await members.nth(1).textContent()).toContain(invitee);
        expect(await page.getByLabel(t.invite.label).count()).toBe(0);
        await page.getByRole('button', { name: t.actions.leave }).click();
        await page.getByText(fillTemplate(t.actions.leaveConfirm, { team: teamName })).waitFor();
        await shot(page, `team-${lang}-member-390`);
        await fitsPhone(page);
        await page.getByRole('button', { name: t.actions.cancel }).click();

        // Through the team just joined: the owner writes a note on a project; the new member reads it there.
        const note = `${teamName} thesis ${Date.now()}`;
        await open(ownerPage, '/project/ethereum');
        const ownerNotes = ownerPage.locator('[data-slot="team-notes"]');
        await ownerNotes.getByRole('textbox').fill(note);
        await ownerNotes.getByRole('button', { name: c.sharing.notes.add }).click();
        await ownerNotes.locator('[data-note]').getByText(note, { exact: true }).waitFor();
        await open(page, '/project/ethereum');
        const memberNote = page.locator('[data-slot="team-notes"] [data-note]', { hasText: note });
        await memberNote.getByText(note, { exact: true }).waitFor();
        expect(await memberNote.getByRole('button').count()).toBe(0); // the owner's note: the member only reads it
        await memberNote.scrollIntoViewIfNeeded();
        await session.screenshot(page, `team-${lang}-member-reads-note-390`);

        // The same link again: used, said in words.
        await open(page, `/team/join?token=${encodeURIComponent(token)}`);
        await page.getByRole('button', { name: t.join.accept }).click();
        await page.getByRole('alert').getByText(c.errors.TEAM_INVITATION_USED).waitFor();
        await shot(page, `team-${lang}-link-used-390`);
      });

      // The owner sees the new member and the invitation gone from the pending list.
      await open(ownerPage, '/team');
      const rows = ownerPage.locator('[data-slot="team-member"]');
      await rows.nth(1).waitFor();
      expect(await rows.nth(1).textContent()).toContain(invitee);
      expect(await ownerPage.locator('[data-slot="pending-invitation"]').count()).toBe(0);
      expect(await overview.locator('[data-slot="team-seats"]').textContent()).toBe(
        fillTemplate(t.overview.seats, { used: 2, limit: 5 }),
      );
      await rows.nth(1).getByRole('button', { name: t.actions.remove }).click();
      await rows.nth(1).getByText(t.actions.removeYes).waitFor();
      await shot(ownerPage, `team-${lang}-owner-1280`);
      await rows.nth(1).getByRole('button', { name: t.actions.cancel }).click();
      await ownerPage.setViewportSize(MOBILE);
      await shot(ownerPage, `team-${lang}-owner-390`);
      await fitsPhone(ownerPage);

      // The owner was told in-app.
      await open(ownerPage, '/notifications');
      await ownerPage
        .getByText(fillTemplate(c.notifications.text.teamJoined, { name: invitee.split('@')[0]!, team: teamName }))
        .waitFor();
    });
  });
});
