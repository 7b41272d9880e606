// A vitest reporter for CI's log: after a run, the slowest test files and where each one's time went — importing the
// file (collect), its hooks (beforeAll/afterAll: databases, servers, browsers) and its tests — and the run's totals.
// Times are wall time inside the file's worker; the sum runs over all workers.
// Use: vitest run --reporter=default --reporter=./.ci/file-times-reporter.mjs
const SHOWN = 15;

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      let tests = 0;
      let count = 0;
      for (const test of module.children.allTests()) {
        tests += test.diagnostic()?.duration ?? 0;
        count += 1;
      }
      const hooks = Math.max(0, diagnostic.duration - tests);
      const collect = diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.prepareDuration;
      return { name: module.relativeModuleId, count, collect, hooks, tests, total: collect + diagnostic.duration };
    });
    if (files.length === 0) return;
    const sum = (key) => files.reduce((total, file) => total + file[key], 0);
    const total = sum('total');
    files.sort((a, b) => b.total - a.total);
    const lines = [
      `time by file: ${files.length} files, ${seconds(total)} s summed over workers = import ${seconds(sum('collect'))}` +
        ` + hooks ${seconds(sum('hooks'))} + tests ${seconds(sum('tests'))}`,
      `  total s  share   import    hooks    tests  file`,
      ...files.slice(0, SHOWN).map((file) => {
        const share = `${((100 * file.total) / total).toFixed(1)} %`.padStart(7);
        return `${seconds(file.total)} ${share}  ${seconds(file.collect)}  ${seconds(file.hooks)}  ${seconds(file.tests)}  ${file.name} (${file.count} tests)`;
      }),
    ];
    console.log(`\n${lines.join('\n')}`);
  }
}
