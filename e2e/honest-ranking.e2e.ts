import { describe, expect, test } from 'vitest';
import { en, zh } from '../src/shared/locales/index.ts';
import { fetchProjects, fetchSectors } from './support/api.ts';
import { type Lang, open } from './support/browser.ts';
import { launchFileBrowser } from './support/file-browser.ts';

// "rank what we know": in the real catalogue most projects have too little data for a heat score. The
// directory shows them as "not enough data" with their evidence count, after every scored project; the home page's
// hot list shows none of them.
const session = launchFileBrowser();
const LOCALES = { zh, en } as const;

/** A sector whose first directory page holds both scored and unscored projects. */
async function mixedSector() {
  for (const sector of (await fetchSectors()).items) {
    const all = await fetchProjects(`category=${encodeURIComponent(sector.name)}&limit=20`);
    const scored = all.items.filter((p) => p.heatScore !== null).length;
    if (scored > 0 && scored < all.items.length && all.total <= 20) return { sector, all, scored };
  }
  throw new Error('no sector with both scored and unscored projects on one page');
}

describe.each(['zh', 'en'] as const)('honest ranking (%s)', (lang: Lang) => {
  const text = LOCALES[lang].app.score;

  test('the directory lists a sector’s scored projects first, then "not enough data" with the evidence count', async () => {
    const { sector, all, scored } = await mixedSector();
    const page = await (await session.newContext({ lang })).newPage();
    await open(page, `/directory?category=${encodeURIComponent(sector.name)}`);
    const rows = page.locator('main table tbody tr');
    await rows.nth(all.items.length - 1).waitFor();

    const heatCells = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('td')[2]?.textContent ?? ''));
    const unscoredAt = heatCells.map((cell) => cell.includes(text.notEnoughData));
    expect(unscoredAt.indexOf(true)).toBe(scored); // the first unscored row comes right after the last scored one
    expect(unscoredAt.slice(scored).every(Boolean)).toBe(true);
    expect(unscoredAt.slice(0, scored).some(Boolean)).toBe(false);
    // Each row shows its evidence count ("证据 2/17" / "2 of 17 signals"), with the rule in a tooltip.
    const first = all.items[0];
    const evidence = text.evidence.replace('{{n}}', String(first?.evidenceCount)).replace('{{total}}', '17');
    expect(heatCells[0]).toContain(evidence);
    const lastUnscored = all.items[all.items.length - 1];
    const unscoredEvidence = text.evidence
      .replace('{{n}}', String(lastUnscored?.evidenceCount))
      .replace('{{total}}', '17');
    expect(heatCells[heatCells.length - 1]).toContain(unscoredEvidence);
    const tooltip = await rows.last().locator('td').nth(2).locator('[title]').last().getAttribute('title');
    expect(tooltip).toContain('17');
    // No status badge without a score (the status column of an unscored row is empty).
    const statusCell = await rows.last().locator('td').last().textContent();
    expect(statusCell?.trim()).toBe('');

    await session.screenshot(page, `honest-ranking-directory-${lang}`, { fullPage: true });
    await page.context().close();
  });

  test('an unscored project page says "not enough data", shows no status badge and explains the rule', async () => {
    const [unscored] = (await fetchProjects('scored=false&limit=1')).items;
    if (!unscored) throw new Error('no unscored project in the catalogue');
    const page = await (await session.newContext({ lang })).newPage();
    await open(page, `/project/${encodeURIComponent(unscored.id)}`);

    const scores = page.locator('section[aria-labelledby="project-scores"]');
    await scores.getByText(text.notEnoughData).waitFor();
    await page.getByTestId('heat-not-scored').waitFor();
    const header = await page.locator('main header').first().textContent();
    for (const status of Object.values(LOCALES[lang].app.projectStatus)) expect(header).not.toContain(status);

    await session.screenshot(page, `honest-ranking-project-${lang}`, { fullPage: true });
    await page.context().close();
  });

  test('the home hot list holds scored projects only', async () => {
    const page = await (await session.newContext({ lang })).newPage();
    await open(page, '/');
    const hot = page.locator('section[aria-labelledby="home-hot"] ol > li');
    await hot.first().waitFor();

    const cards = await hot.allTextContents();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.some((card) => card.includes(text.notEnoughData))).toBe(false);

    // /tool: the top 20 by heat, scored projects only.
    await open(page, '/tool');
    const rows = page.locator('section[aria-labelledby="tool-top"] table tbody tr');
    await rows.first().waitFor();
    const top = await rows.allTextContents();
    expect(top).toHaveLength(20);
    expect(top.some((row) => row.includes(text.notEnoughData))).toBe(false);
    await page.context().close();
  });
  test("/sectors says how many members each sector heat is computed from; /tool's social leaders all have X data", async () => {
    const sectors = (await fetchSectors()).items;
    const page = await (await session.newContext({ lang })).newPage();
    await open(page, '/sectors');
    const scoredText = LOCALES[lang].sectors.ranking.scored;

    for (const sector of sectors.slice(0, 3)) {
      await page
        .getByText(scoredText.replace('{{n}}', String(sector.scoredCount)), { exact: true })
        .first()
        .waitFor();
    }

    await open(page, '/tool');
    const leaders = page.locator('section[aria-labelledby="tool-social"] ol > li');
    await leaders.first().waitFor();
    const withFollowers = (await fetchProjects('scored=true&sort=social&limit=100')).items.filter(
      (p) => p.followersTwitter !== null,
    );
    expect(await leaders.count()).toBe(Math.min(8, withFollowers.length));
    await page.context().close();
  });
});
