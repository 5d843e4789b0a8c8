// Writes what the CI machine is, and how fast one of its cores is now, to .ci-results/machine.json, so stage times of
// runs on different days can be compared: the same 2-core machine kind ran the same suite in 25 minutes one day and 48
// another (docs/CONTRIBUTING.md). The reference work is a fixed loop on one core; the summary prints it beside the
// stage times.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/** Milliseconds for a fixed amount of single-core work: the best of three, so a passing hiccup does not count. */
function referenceWork() {
  const times = [];
  for (let round = 0; round < 3; round += 1) {
    const started = process.hrtime.bigint();
    let digest = Buffer.alloc(32);
    for (let i = 0; i < 200_000; i += 1) digest = crypto.createHash('sha256').update(digest).digest();
    let sum = 0;
    for (let i = 0; i < 100_000_000; i += 1) sum += i % 7;
    if (sum < 0 || digest.length !== 32) throw new Error('unreachable');
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return Math.round(Math.min(...times));
}

const machine = {
  cores: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  loadAverageAtStart: os.loadavg()[0],
  referenceWorkMs: referenceWork(),
};
fs.mkdirSync('.ci-results', { recursive: true });
fs.writeFileSync('.ci-results/machine.json', `${JSON.stringify(machine, null, 2)}\n`);
console.log(
  `machine: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, load ${machine.loadAverageAtStart.toFixed(1)}, reference work ${machine.referenceWorkMs} ms`,
);
