/**
 * Engine benchmark: `npm run bench -w packages/engine`. Single thread (one core). Prints a table of
 * measured figures beside the targets, with the naive reference in the same run.
 */
import { forecastPair, simulateScene, type SceneResult } from '../src/index.ts';
import { pairRequests, scene } from './fixtures.ts';
import { naivePair, naiveScene } from './naive.ts';

function time(fn: () => void, runs: number): { median: number; first: number } {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    t.push(performance.now() - start);
  }
  const first = t[0]!;
  t.sort((a, b) => a - b);
  return { median: t[Math.floor(t.length / 2)]!, first };
}

function throughput(fn: (i: number) => void, ms: number): number {
  for (let i = 0; i < 2000; i++) fn(i);
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let k = 0; k < 100; k++) fn(n++);
  }
  return (n * 1000) / (performance.now() - start);
}

function resultBytes(r: SceneResult): number {
  let bytes = 0;
  for (const group of [r.actorColumns, r.teamColumns]) for (const c of Object.values(group)) bytes += (c as ArrayBufferView).byteLength;
  return bytes + r.pairs.ratings.byteLength + r.pairs.days.byteLength;
}

const rows: Array<[string, string, string]> = [];
const row = (what: string, measured: string, target = ''): void => {
  rows.push([what, measured, target]);
  console.log(`${what.padEnd(58)} ${measured.padEnd(22)} ${target}`);
};

console.log(`Teamcast engine benchmark, node ${process.version}, ${new Date().toISOString()}`);
const requests = pairRequests(4000);
row('pair forecasts per second', throughput((i) => forecastPair(requests[i % requests.length]!), 1500).toFixed(0), '>= 20000');
row('naive pair forecasts per second (series only)', throughput((i) => {
  const r = requests[i % requests.length]!;
  naivePair(r.a, r.b, r.intensity ?? 5);
}, 1500).toFixed(0));
row('pair forecasts with band (64 samples) per second', throughput((i) => forecastPair(requests[i % requests.length]!, undefined, { band: true }), 1500).toFixed(0));

const s50 = scene(50);
const t50 = time(() => simulateScene(s50), 7);
row('50-actor scene, 730 + 365 days, daily pair ratings: ms', `${t50.median.toFixed(1)} (first ${t50.first.toFixed(1)})`, '< 100');
const t50r = time(() => simulateScene(s50, { pairDetail: 'render' }), 7);
row('50-actor scene, pair ratings on render days: ms', t50r.median.toFixed(1), '< 100');
const n50 = time(() => naiveScene(s50), 2);
row('naive 50-actor scene: ms', n50.median.toFixed(1));
const b50 = time(() => simulateScene(s50, { band: true, pairDetail: 'render' }), 3);
row('50-actor scene with band (16 samples): ms', b50.median.toFixed(1));

const s300 = scene(300);
const t300 = time(() => simulateScene(s300), 3);
row('300-actor scene (pair ratings on render days): ms', `${t300.median.toFixed(0)} (first ${t300.first.toFixed(0)})`, '< 3000');

for (const n of [50, 100, 200, 300]) {
  const r = simulateScene(scene(n), { pairDetail: 'render' });
  const pairs = (n * (n - 1)) / 2;
  const bytes = resultBytes(r);
  row(`result size, ${n} actors, ${r.renderDays.length} render days: MB`, (bytes / 1e6).toFixed(2), `bytes / (pairs x render days) = ${(bytes / (pairs * r.renderDays.length)).toFixed(1)}`);
}
