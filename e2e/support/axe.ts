import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core (WCAG 2.x A/AA rules) on the current page, or only its <main> when the shell around it has been
 * checked already, and returns the serious and critical violations.
 * evaluate() is not subject to the page's CSP, unlike an injected <script>.
 */
export async function findSeriousViolations(page: Page, scope: 'page' | 'main' = 'page'): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: object) => Promise<AxeResult> } }).axe;
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    const result = await axe.run(only === 'main' ? { include: ['main'] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, scope);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
