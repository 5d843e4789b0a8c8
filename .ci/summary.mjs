// Prints how long each CI stage took (.ci-results/stages.json, written by .ci/stage.mjs), the names of failed and
// retried tests, then one closing line, 'N passed, N failed, N skipped', from the JSON reports the test runners wrote.
// A browser test that passed only on its retry is flaky: it is named and counted as failed, never as passed.
// A stage that failed without a test report of its own (install, audit, type check, lint, build, a crashed runner)
// counts as one failure, so a red run never closes on '0 failed'.
import fs from 'node:fs';
import path from 'node:path';

const dir = '.ci-results';
const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
const read = (name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));

let passed = 0;
let failed = 0;
let skipped = 0;
const failedNames = [];
const flakyNames = [];
/** The slowest files (vitest) or journeys (Playwright) of each report, to see where the time goes. */
const slowest = [];
const SLOWEST_SHOWN = 5;

/** Each test of a Playwright report with its outcome: expected, unexpected, flaky or skipped. */
function playwrightTests(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        out.push({
          name: `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}`,
          status: test.status,
          seconds: test.results.reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000,
        });
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

/** Failures each report counted, by file name. */
const reportFailures = new Map();
for (const name of files) {
  if (name.startsWith('vitest')) {
    const report = read(name);
    // A test still 'pending' when the report was written never ended: the worker process running its file exited (a
    // crash, a kill), and vitest names no file in its 'Worker exited unexpectedly'. Skipped tests are 'skipped'.
    const unfinished = (report.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? []).filter((test) => test.status === 'pending').map((test) => ({ file: file.name, test })),
    );
    reportFailures.set(name, (report.numFailedTests ?? 0) + unfinished.length);
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + unfinished.length;
    skipped += (report.testResults ?? []).reduce(
      (sum, file) => sum + (file.assertionResults ?? []).filter((test) => test.status === 'skipped' || test.status === 'todo').length,
      0,
    );
    for (const { file, test } of unfinished)
      failedNames.push(`${name}: ${path.relative(process.cwd(), file)} › ${test.fullName} (never ended: its worker process exited)`);
    const files = (report.testResults ?? []).map((file) => ({
      name: path.relative(process.cwd(), file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    }));
    slowest.push({ report: name, items: files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST_SHOWN) });
    for (const file of report.testResults ?? []) {
      const relative = path.relative(process.cwd(), file.name);
      for (const test of file.assertionResults ?? []) if (test.status === 'failed') failedNames.push(`${name}: ${relative} › ${test.fullName}`);
      if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
        failed += 1;
        reportFailures.set(name, reportFailures.get(name) + 1);
        failedNames.push(`${name}: ${relative} (the file failed to run)`);
      }
    }
  } else if (name.startsWith('playwright')) {
    const report = read(name);
    reportFailures.set(name, (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0));
    passed += report.stats?.expected ?? 0;
    failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
    skipped += report.stats?.skipped ?? 0;
    const tests = playwrightTests(report);
    slowest.push({
      report: name,
      items: tests
        .map((test) => ({ name: test.name, seconds: test.seconds }))
        .sort((a, b) => b.seconds - a.seconds)
        .slice(0, SLOWEST_SHOWN),
    });
    for (const test of tests) {
      if (test.status === 'unexpected') failedNames.push(`${name}: ${test.name}`);
      if (test.status === 'flaky') flakyNames.push(`${name}: ${test.name}`);
    }
  }
}

/** 75.4 → '1:15'. */
function minutesAndSeconds(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

const stages = files.includes('stages.json') ? read('stages.json') : [];
if (files.includes('machine.json')) {
  const machine = read('machine.json');
  console.log('');
  // Figures of earlier runs, to compare with: docs/CONTRIBUTING.md ('CI time').
  console.log(
    `Machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}; load average ${machine.loadAverageAtStart.toFixed(1)} at the start; reference work on one core ${machine.referenceWorkMs} ms`,
  );
}
if (stages.length > 0) {
  console.log('');
  console.log('Stage durations:');
  const width = Math.max(...stages.map((stage) => stage.name.length));
  let total = 0;
  for (const stage of stages) {
    const seconds = (stage.end - stage.start) / 1000;
    total += seconds;
    const clock = minutesAndSeconds(seconds);
    const mark = stage.status === 0 ? 'ok' : `FAILED (exit ${stage.status})`;
    console.log(`  ${stage.name.padEnd(width)}  ${clock.padStart(6)}  ${mark}`);
    if (stage.status !== 0 && !((reportFailures.get(stage.report) ?? 0) > 0)) {
      failed += 1;
      failedNames.push(`stage ${stage.name} exited ${stage.status}`);
    }
  }
  console.log(`  ${'total'.padEnd(width)}  ${minutesAndSeconds(total).padStart(6)}`);
}
for (const { report, items } of slowest.filter((entry) => entry.items.length > 0)) {
  console.log('');
  console.log(`Slowest in ${report}:`);
  for (const item of items) console.log(`  ${minutesAndSeconds(item.seconds).padStart(6)}  ${item.name}`);
}
// The API bench's ratios (issue 23), when the run measured them.
const benchFile = path.join(dir, 'api-bench.json');
if (fs.existsSync(benchFile)) {
  const bench = JSON.parse(fs.readFileSync(benchFile, 'utf8'));
  console.log('');
  console.log(`API bench (${bench.seconds} s per line; ours / bare in the same run):`);
  for (const line of bench.ratios)
    console.log(
      `  ${line.driver} ${line.target}: ${Math.round(line.ratio * 100)} % (${line.goal === false ? 'reported' : `goal ${Math.round(line.minRatio * 100)} %`})`,
    );
  if (bench.misses.length > 0) console.log(`  goals missed: ${bench.misses.length}`);
}
// Node's diagnostic reports of test processes that died of a fatal error (.ci/run sets --report-on-fatalerror).
const fatalDir = path.join(dir, 'fatal-reports');
for (const name of fs.existsSync(fatalDir) ? fs.readdirSync(fatalDir).sort() : []) {
  const report = JSON.parse(fs.readFileSync(path.join(fatalDir, name), 'utf8'));
  console.log('');
  console.log(`A test process died: ${report.header?.event} (${report.header?.trigger}), pid ${report.header?.processId}, ${name}`);
  console.log(`  command: ${(report.header?.commandLine ?? []).join(' ').slice(0, 300)}`);
  for (const line of (report.javascriptStack?.stack ?? []).slice(0, 12)) console.log(`  js ${line}`);
  for (const frame of (report.nativeStack ?? []).slice(0, 12)) console.log(`  native ${frame.symbol}`);
  failed += 1;
  failedNames.push(`a test process died of a fatal error: ${name}`);
}
if (flakyNames.length > 0) {
  console.log('');
  console.log(`Flaky (failed, then passed on the retry; counted as failed): ${flakyNames.length}`);
  for (const name of flakyNames) console.log(`  ${name}`);
}
if (failedNames.length > 0) {
  console.log('');
  console.log(`Failed: ${failedNames.length}`);
  for (const name of failedNames) console.log(`  ${name}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
