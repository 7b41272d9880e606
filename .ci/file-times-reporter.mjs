// A vitest reporter for CI's log: after a run, the slowest test files and where each one's time went — importing the
// file (collect), its hooks (beforeAll/afterAll: databases, servers, browsers) and its tests — and the run's totals.
// Times are wall time inside the file's worker; the sum runs over all workers. With .ci/cpu-per-file.mjs among the
// setup files, each file's CPU seconds too (its worker's and its reaped child processes': chromium, servers, CLIs) —
// the figure to compare on a loaded machine — and the files are ranked by it.
// Use: vitest run --reporter=default --reporter=./.ci/file-times-reporter.mjs
const SHOWN = 15;

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);

// A passed test's result keeps the errors of the attempts that failed before it (vitest's runner does not clear them
// on a retry): the first one's message and the first frame in the project, so a retry's cause is in the log.
function describeFlaky(module, test) {
  const [error] = test.result().errors ?? [];
  const name = `  ${module.relativeModuleId} > ${test.fullName}`;
  if (!error) return name;
  const message = String(error.message ?? error)
    .split('\n')
    .slice(0, 8)
    .join('\n      ');
  const frame = (error.stack ?? '').split('\n').find((line) => line.includes('/e2e/') || line.includes('/src/')) ?? '';
  return `${name}\n    first attempt: ${message}${frame ? `\n    ${frame.trim()}` : ''}`;
}

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    // Tests that failed and then passed on a retry (the browser step retries once in CI): named, so a flake is seen.
    const flaky = [];
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      let tests = 0;
      let count = 0;
      for (const test of module.children.allTests()) {
        tests += test.diagnostic()?.duration ?? 0;
        count += 1;
        if (test.diagnostic()?.flaky) flaky.push(describeFlaky(module, test));
      }
      const hooks = Math.max(0, diagnostic.duration - tests);
      const collect = diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.prepareDuration;
      const cpu = module.meta().cpu;
      return {
        name: module.relativeModuleId,
        count,
        collect,
        hooks,
        tests,
        total: collect + diagnostic.duration,
        cpu: cpu ? (cpu.own + cpu.children) * 1000 : undefined,
      };
    });
    if (files.length === 0) return;
    const sum = (key) => files.reduce((total, file) => total + file[key], 0);
    const total = sum('total');
    // A skipped file runs no hooks, so it has no CPU figure: it counts as 0 rather than hiding every file's.
    const withCpu = files.some((file) => file.cpu !== undefined);
    for (const file of files) file.cpu ??= 0;
    const key = withCpu ? 'cpu' : 'total';
    files.sort((a, b) => b[key] - a[key]);
    const lines = [
      `time by file: ${files.length} files, ${seconds(total)} s summed over workers = import ${seconds(sum('collect'))}` +
        ` + hooks ${seconds(sum('hooks'))} + tests ${seconds(sum('tests'))}` +
        (withCpu ? `; CPU of workers and their children ${seconds(sum('cpu'))} s` : ''),
      `  total s  share   import    hooks    tests${withCpu ? '    cpu s' : ''}  file`,
      ...files.slice(0, SHOWN).map((file) => {
        const share = `${((100 * file[key]) / sum(key)).toFixed(1)} %`.padStart(7);
        const cpu = withCpu ? `  ${seconds(file.cpu)}` : '';
        return `${seconds(file.total)} ${share}  ${seconds(file.collect)}  ${seconds(file.hooks)}  ${seconds(file.tests)}${cpu}  ${file.name} (${file.count} tests)`;
      }),
    ];
    // biome-ignore lint/style/noProcessEnv: a switch of this CI script, not of the app (its config is src/server/config.ts).
    if (process.env.CI_TIMES_ALL === '1') {
      for (const file of files.slice(SHOWN)) {
        lines.push(
          `${seconds(file.total)}          ${seconds(file.collect)}  ${seconds(file.hooks)}  ${seconds(file.tests)}${withCpu ? `  ${seconds(file.cpu)}` : ''}  ${file.name} (${file.count} tests)`,
        );
      }
    }
    // The main process: collecting and transforming modules for the workers, and e2e's global setup (the shared server).
    const main = process.cpuUsage();
    lines.push(
      `CPU of the main vitest process (module transforms, global setup and its server): ${seconds((main.user + main.system) / 1000)} s`,
    );
    if (flaky.length > 0) lines.push(`passed only on a retry (${flaky.length}):`, ...flaky);
    console.log(`\n${lines.join('\n')}`);
  }
}
