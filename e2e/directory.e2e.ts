import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { en } from '../src/shared/locales/index.ts';
import { fetchProjects, fetchSectors } from './support/api.ts';
import { open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// The directory keeps its state in the URL: sorting, filtering, paging and the empty state, against the real API.
const session = launchFileBrowser();
let page: Page;

beforeAll(async () => {
  page = await (await session.newContext({ lang: 'en' })).newPage();
});

const firstRowName = () => page.locator('main table tbody tr').first().locator('td').nth(1).locator('a').textContent();
const search = () => new URL(page.url()).searchParams;

test('sorting by name flips order on a second click and is kept in the URL', async () => {
  const [byNameAsc, byNameDesc] = await Promise.all([
    fetchProjects('sort=name&order=asc&limit=1'),
    fetchProjects('sort=name&order=desc&limit=1'),
  ]);
  await open(page, '/directory');
  const nameHeader = page.getByRole('columnheader', { name: en.directory.table.project });

  await nameHeader.getByRole('button').click();
  await page.waitForURL(/sort=name/);
  await page.getByRole('link', { name: byNameAsc.items[0]?.name, exact: true }).first().waitFor();
  expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');

  await nameHeader.getByRole('button').click();
  await page.waitForURL(/order=desc/);
  await page.getByRole('link', { name: byNameDesc.items[0]?.name, exact: true }).first().waitFor();
  expect(await firstRowName()).toBe(byNameDesc.items[0]?.name);
});

test('a sector filter narrows the list, survives a reload and can be cleared', async () => {
  const sector = (await fetchSectors()).items.find((s) => s.projectCount > 0);
  if (!sector) throw new Error('no sector with projects');
  const expected = await fetchProjects(`category=${encodeURIComponent(sector.name)}&limit=1`);
  await open(page, '/directory');

  await page.getByLabel(en.directory.filters.sector).selectOption(sector.name);

  await page.waitForURL(/category=/);
  expect(search().get('category')).toBe(sector.name);
  await page.getByText(en.directory.total.replace('{{count}}', String(expected.total))).waitFor();
  await page.reload();
  await page.getByText(en.directory.total.replace('{{count}}', String(expected.total))).waitFor();
  expect(await page.getByLabel(en.directory.filters.sector).inputValue()).toBe(sector.name);

  await page.getByRole('button', { name: en.directory.filters.reset }).first().click();
  await page.waitForURL((url) => url.search === '');
});

test('pagination moves to page 2 and back', async () => {
  const secondPage = await fetchProjects('limit=20&offset=20');
  await open(page, '/directory');
  const pager = page.getByRole('navigation', { name: en.app.data.pagination });

  await pager.getByRole('button', { name: en.app.data.next }).click();

  await page.waitForURL(/page=2/);
  await page.getByRole('link', { name: secondPage.items[0]?.name, exact: true }).first().waitFor();
  expect(await page.locator('main table tbody tr').first().locator('td').first().textContent()).toBe('21');
  await pager.getByRole('button', { name: en.app.data.previous }).click();
  await page.waitForURL((url) => !url.search.includes('page='));
});

test('a search without matches shows the empty state', async () => {
  await open(page, '/directory?q=zzzz-no-such-project');

  await page.getByText(en.directory.empty.title).waitFor();
  expect(await page.locator('main table').count()).toBe(0);
});

test('a project row opens its detail page; an unknown project says so', async () => {
  const top = (await fetchProjects('limit=1')).items[0];
  if (!top) throw new Error('no projects');
  await open(page, '/directory');

  await page.getByRole('link', { name: top.name, exact: true }).first().click();

  await page.waitForURL(`**/project/${top.id}`);
  await page.locator('main h1', { hasText: top.name }).waitFor();
  await open(page, '/project/no-such-project-id');
  expect(await page.locator('main h1').textContent()).toBe(en.project.notFound.title);
});
