#!/usr/bin/env node
// Summarises a V8 CPU profile (.cpuprofile, as `node --cpu-prof` writes it): the share of busy time spent in each
// function (self time) and in each package, heaviest first. Idle time and the garbage collector are shown apart.
//
//   node scripts/cpu-profile-top.mjs <file.cpuprofile> [--top 25]
import fs from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/cpu-profile-top.mjs <file.cpuprofile> [--top 25]');
const top = Number(rest[rest.indexOf('--top') + 1] ?? 25) || 25;
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMs = new Map();
// timeDeltas[i] is the time before sample i; the sample's node gets it.
profile.samples.forEach((id, index) => selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000));

const functions = new Map();
const packages = new Map();
let idle = 0;
let total = 0;
for (const [id, ms] of selfMs) {
  const { callFrame } = byId.get(id);
  total += ms;
  if (callFrame.functionName === '(idle)') {
    idle += ms;
    continue;
  }
  const where = callFrame.url.replace(/^file:\/\//, '');
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('node:') || where === '' ? (callFrame.functionName.startsWith('(') ? callFrame.functionName : 'node') : 'ours');
  const name = `${callFrame.functionName || '(anonymous)'} ${where.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + ms);
  packages.set(pkg, (packages.get(pkg) ?? 0) + ms);
}
const busy = total - idle;
const share = (ms) => `${((ms / busy) * 100).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled, idle ${((idle / total) * 100).toFixed(0)} %; shares below are of the busy time`);
console.log('\nby package:');
for (const [pkg, ms] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${share(ms)}  ${pkg}`);
console.log('\nby function (self time):');
for (const [name, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${share(ms)}  ${name}`);
