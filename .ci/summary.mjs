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

/** Each test of a Playwright report with its outcome: expected, unexpected, flaky or skipped. */
function playwrightTests(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests) out.push({ name: `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}`, status: test.status });
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
    reportFailures.set(name, report.numFailedTests ?? 0);
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
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
    for (const test of playwrightTests(report)) {
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
