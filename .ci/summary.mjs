// Prints one closing line, 'N passed, N failed', from the JSON reports the test runners wrote in CI.
import fs from 'node:fs';
import path from 'node:path';

const dir = '.ci-results';
let passed = 0;
let failed = 0;
let skipped = 0;
for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
  if (name.startsWith('vitest')) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else if (name.startsWith('playwright')) {
    passed += (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0);
    failed += report.stats?.unexpected ?? 0;
    skipped += report.stats?.skipped ?? 0;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
