import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

// The served document must pass `redocly lint` (the pinned @redocly/cli, with redocly.yaml at the repo root) with no
// error: what a reader's tooling (generators, gateways, validating proxies) would trip on. The CLI itself runs, not
// @redocly/openapi-core's API: that package is versioned apart from the CLI, and this test must agree with what
// `npx redocly lint` tells a developer.

const ROOT = resolve(import.meta.dirname, '../../..');
const REDOCLY = join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');

type Problem = {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
};
type LintReport = { totals: { errors: number; warnings: number; ignored: number }; problems: Problem[] };

async function lint(documentPath: string): Promise<LintReport> {
  const config = join(ROOT, 'redocly.yaml');
  // --max-problems: the report lists 100 problems by default, whatever the totals say.
  const args = [REDOCLY, 'lint', documentPath, '--config', config, '--format', 'json', '--max-problems', '100000'];
  // Exit code 1 means "errors found": the report on stdout says which, so read it either way.
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  }).catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`redocly lint did not run: ${error.stderr ?? String(error)}`);
    return { stdout: error.stdout };
  });
  return JSON.parse(stdout.slice(stdout.indexOf('{'))) as LintReport;
}

describe('the served OpenAPI document', () => {
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    t = await buildTestApp({ catalogue: false });
    folder = await mkdtemp(join(tmpdir(), 'heatrank-openapi-lint-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
  });

  test('passes redocly lint with no error', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const documentPath = join(folder, 'openapi.json');
    await writeFile(documentPath, res.body);

    const report = await lint(documentPath);

    const byRule = (severity: Problem['severity']) =>
      Object.entries(
        report.problems
          .filter((problem) => problem.severity === severity)
          .reduce<Record<string, number>>((counts, problem) => {
            counts[problem.ruleId] = (counts[problem.ruleId] ?? 0) + 1;
            return counts;
          }, {}),
      );
    console.info(
      `redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings`,
      Object.fromEntries(byRule('warn')),
    );
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 20_000);
});
