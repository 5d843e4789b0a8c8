// Appends one stage's record to .ci-results/stages.json: node .ci/stage.mjs NAME START_MS END_MS EXIT_STATUS [REPORT].
// REPORT names the test report the stage writes in .ci-results, if any (its failures are counted from there).
import fs from 'node:fs';

const [name, start, end, status, report] = process.argv.slice(2);
const file = '.ci-results/stages.json';
fs.mkdirSync('.ci-results', { recursive: true });
const stages = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : [];
stages.push({ name, start: Number(start), end: Number(end), status: Number(status), ...(report ? { report } : {}) });
fs.writeFileSync(file, `${JSON.stringify(stages, null, 2)}\n`);
