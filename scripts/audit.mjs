#!/usr/bin/env node
// `npm run audit`: the production dependencies' advisories (npm audit --omit=dev); exits 1 on any high or critical
// one. When the registry has no advisory endpoint (some mirrors and proxies answer 405 or 404), it says so and exits 0
// with --allow-unreachable (what .ci/run passes), 2 otherwise: an audit that could not run is never reported as clean.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit gave no report (exit ${run.status}): ${run.stderr.trim().split('\n').at(-1) ?? ''}`);
  process.exit(2);
}

if (report.statusCode || report.error) {
  const why = report.message ?? report.error?.summary ?? 'unknown error';
  console.log(`npm audit could not run: ${why}`);
  console.log('The registry in use does not answer the advisories endpoint; no result is claimed.');
  process.exit(process.argv.includes('--allow-unreachable') ? 0 : 2);
}

const counts = report.metadata?.vulnerabilities ?? {};
console.log(`npm audit --omit=dev: ${['critical', 'high', 'moderate', 'low', 'info'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ')}`);
const serious = Object.values(report.vulnerabilities ?? {}).filter((item) => item.severity === 'high' || item.severity === 'critical');
for (const item of serious)
  console.log(`  ${item.severity}: ${item.name} ${item.range} (${item.via.map((via) => (typeof via === 'string' ? via : via.title)).join('; ')})`);
process.exit(serious.length > 0 ? 1 : 0);
