import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { creditPoints } from '../../src/server/features/points/points.service.ts';
import { insertProject } from '../../src/server/test/factories.ts';
import { en, zh } from '../../src/shared/locales/index.ts';
import { SUPPORT_RESPONSE_TARGETS } from '../../src/shared/membership/support.ts';
import { authenticateInPage, ownServerMail, pickFromMenu, signIn } from '../support/accounts.ts';
import { adminsPerLanguage } from '../support/admins.ts';
import { DESKTOP, expectNoSidewaysScroll, MOBILE, open } from '../support/browser.ts';
import { launchFileBrowser } from '../support/file-browser.ts';
import { type OwnServer, startOwnServer } from '../support/own-server.ts';
import { callApi } from '../support/page-api.ts';
import { fillTemplate } from '../support/text.ts';

// Priority support: a vip and a free member each open a request on /support (the vip's target says
// priority, one business day); the admin's queue shows the vip's first although it is newer; the admin replies, and
// the vip sees the reply in the thread and a notification. zh and en, 1280 and 390 px. Its own server: an admin per
// language, one project for the picker.
const LOCALES = { zh, en } as const;
const ADMIN = adminsPerLanguage('support');
const PASSWORD = 'e2e-support-password-1';
const session = launchFileBrowser();

let server: OwnServer;
beforeAll(async () => {
  server = await startOwnServer({ env: {}, admin: Object.values(ADMIN) });
  await insertProject(server.runtime.handle.db, { id: 'helpdesk-swap', name: 'Helpdesk Swap', symbol: 'HDS' });
}, 120_000);
afterAll(() => server?.close());

const userIdOf = async (page: Page) =>
  ((await callApi(page, 'GET', '/api/me')).body as { user: { id: string } }).user.id;

/** 390 px: no sideways scroll, the whole page screenshotted; back to 1280 px. */
async function atPhoneWidth(page: Page, name: string) {
  await page.setViewportSize(MOBILE);
  await expectNoSidewaysScroll(page, MOBILE.width);
  await session.screenshot(page, `${name}-390`, { fullPage: true });
  await page.setViewportSize(DESKTOP);
}

describe.each(['zh', 'en'] as const)('priority support (%s)', (lang) => {
  const c = LOCALES[lang];
  const s = c.support;
  const days = (n: number) => fillTemplate(n === 1 ? s.businessDays_one : s.businessDays_other, { count: n });
  const subjects = { free: `Free question ${lang}`, vip: `VIP question ${lang}` };
  const replyText =
    lang === 'zh' ? '您好，VIP 的 API 额度为每小时 1000 次。' : 'Hello, VIP API quota is 1000 calls an hour.';

  test('a free and a vip member open requests; the queue puts the vip first; the reply reaches the vip', async () => {
    const free = await session.newContext({ lang, baseURL: server.baseURL });
    const vip = await session.newContext({ lang, baseURL: server.baseURL });
    const admin = await session.newContext({ lang, baseURL: server.baseURL });
    try {
      // The free member: in through the user menu, a request about a project picked by name.
      const freePage = await free.newPage();
      await open(freePage, '/');
      await authenticateInPage(
        freePage,
        'sign-up',
        `support-free-${lang}@example.com`,
        PASSWORD,
        ownServerMail(server),
      );
      await open(freePage, '/');
      await pickFromMenu(freePage, c.auth.menu.support);
      await freePage.locator('main h1', { hasText: s.title }).waitFor();
      const freeTarget = freePage.locator('[data-slot="support-target"][data-priority="normal"]');
      await freeTarget
        .getByText(
          fillTemplate(s.target.normal, {
            level: c.membership.levels.free,
            days: days(SUPPORT_RESPONSE_TARGETS.normal.businessDays),
            vipDays: days(SUPPORT_RESPONSE_TARGETS.priority.businessDays),
          }),
        )
        .waitFor();
      await freePage.getByRole('main').getByLabel(s.form.subject, { exact: true }).fill(subjects.free);
      await freePage.getByLabel(s.form.text).fill('<b>Why</b> is the heat score missing a source?');
      await freePage.getByLabel(s.form.project).fill('Helpdesk');
      await freePage.getByRole('button', { name: 'Helpdesk Swap' }).click();
      await freePage.getByText(fillTemplate(s.form.projectChosen, { name: 'Helpdesk Swap' })).waitFor();
      await freePage.getByRole('button', { name: s.form.submit }).click();
      const freeThread = freePage.locator('[data-slot="support-thread"]');
      await freeThread.getByRole('heading', { name: subjects.free }).waitFor();
      // HTML typed by the user is shown as the text it is.
      await freeThread.getByText('<b>Why</b> is the heat score missing a source?').waitFor();
      await freeThread.getByText(s.state.open).waitFor();
      await session.screenshot(freePage, `support-free-thread-${lang}-1280`, { fullPage: true });

      // The vip member (points), at phone width from the start; opened after the free one, so newer.
      const vipPage = await vip.newPage();
      await vipPage.setViewportSize(MOBILE);
      await open(vipPage, '/');
      await authenticateInPage(vipPage, 'sign-up', `support-vip-${lang}@example.com`, PASSWORD, ownServerMail(server));
      await creditPoints(server.runtime.handle.db, {
        userId: await userIdOf(vipPage),
        amount: 5000,
        reason: 'admin.adjust',
      });
      await open(vipPage, '/support');
      await vipPage
        .locator('[data-slot="support-target"][data-priority="priority"]')
        .getByText(
          fillTemplate(s.target.priority, {
            level: c.membership.levels.vip,
            days: days(SUPPORT_RESPONSE_TARGETS.priority.businessDays),
          }),
        )
        .waitFor();
      await vipPage.getByRole('main').getByLabel(s.form.subject, { exact: true }).fill(subjects.vip);
      await vipPage.getByLabel(s.form.text).fill('How many API calls does VIP include?');
      await vipPage.getByRole('button', { name: s.form.submit }).click();
      await vipPage.locator('[data-slot="support-thread"]').getByRole('heading', { name: subjects.vip }).waitFor();
      expect(await vipPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await session.screenshot(vipPage, `support-vip-thread-${lang}-390`, { fullPage: true });

      // The admin's queue: the vip's request first, with its age, target and due time.
      const adminPage = await admin.newPage();
      await signIn(adminPage, c, ADMIN[lang].email, ADMIN[lang].password);
      await adminPage.getByRole('banner').getByTestId('user-menu-button').waitFor();
      await open(adminPage, '/admin');
      await adminPage.getByRole('tab', { name: c.admin.tabs.support }).click();
      const items = adminPage.locator('[data-slot="admin-support"] ol > li');
      await items.filter({ hasText: subjects.free }).waitFor();
      // Priority first (the other language's run left its own requests in the queue too), then oldest first.
      const order = await items.evaluateAll((lis) =>
        lis.map((li) => ({ priority: li.getAttribute('data-priority'), text: li.textContent ?? '' })),
      );
      const at = (subject: string) => order.findIndex((item) => item.text.includes(subject));
      expect(at(subjects.vip)).toBeGreaterThanOrEqual(0);
      expect(at(subjects.vip)).toBeLessThan(at(subjects.free));
      expect(order.map((item) => item.priority)).toEqual([...order.map((item) => item.priority)].sort().reverse());
      const vipItem = items.filter({ hasText: subjects.vip });
      const freeItem = items.filter({ hasText: subjects.free });
      expect(await vipItem.getAttribute('data-priority')).toBe('priority');
      await vipItem
        .getByText(fillTemplate(s.admin.target, { days: days(SUPPORT_RESPONSE_TARGETS.priority.businessDays) }))
        .waitFor();
      await freeItem
        .getByText(fillTemplate(s.admin.target, { days: days(SUPPORT_RESPONSE_TARGETS.normal.businessDays) }))
        .waitFor();
      expect(await vipItem.textContent()).toContain(fillTemplate(s.admin.age, { age: '' }).trim());
      await session.screenshot(adminPage, `support-admin-queue-${lang}-1280`, { fullPage: true });

      await vipItem.getByRole('button').click();
      const thread = adminPage.locator('[data-slot="admin-support-thread"]');
      await thread.getByText('How many API calls does VIP include?').waitFor();
      await thread.getByLabel(s.admin.reply).fill(replyText);
      await thread.getByRole('button', { name: s.admin.send }).click();
      await thread.getByText(s.admin.sent).waitFor();
      await thread.locator('li[data-author="admin"]').getByText(replyText).waitFor();
      await session.screenshot(adminPage, `support-admin-replied-${lang}-1280`, { fullPage: true });
      await atPhoneWidth(adminPage, `support-admin-replied-${lang}`);

      // The vip sees the reply in the thread and a notification linking to it.
      await vipPage.reload();
      await vipPage.locator('li[data-author="admin"]').getByText(replyText).waitFor();
      await vipPage.locator('[data-slot="support-thread"]').getByText(s.state.answered).first().waitFor();
      await session.screenshot(vipPage, `support-vip-answered-${lang}-390`, { fullPage: true });
      await open(vipPage, '/notifications');
      const note = vipPage.getByText(fillTemplate(c.notifications.text.supportReplied, { subject: subjects.vip }));
      await note.first().waitFor();
      await session.screenshot(vipPage, `support-vip-notification-${lang}-390`, { fullPage: true });
      await vipPage.setViewportSize(DESKTOP);
      await vipPage.evaluate(() => window.scrollTo(0, 0));
      await session.screenshot(vipPage, `support-vip-notification-${lang}-1280`);

      // The footer links to the page; /membership states both targets from the same constant.
      await open(freePage, '/membership');
      await freePage
        .locator('[data-slot="support-targets"]')
        .getByText(
          fillTemplate(s.target.membership, {
            vipDays: days(SUPPORT_RESPONSE_TARGETS.priority.businessDays),
            normalDays: days(SUPPORT_RESPONSE_TARGETS.normal.businessDays),
          }),
        )
        .waitFor();
      await freePage.getByRole('contentinfo').getByRole('link', { name: c.app.footer.links.support }).click();
      await freePage.waitForURL((url) => url.pathname === '/support');
      await freePage.locator('[data-slot="support-mine"]').getByText(subjects.free).waitFor();
      await session.screenshot(freePage, `support-free-mine-${lang}-1280`, { fullPage: true });
      await atPhoneWidth(freePage, `support-free-mine-${lang}`);
    } finally {
      await Promise.all([free.close(), vip.close(), admin.close()]);
    }
  });
});
