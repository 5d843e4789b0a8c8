/**
 * Engine benchmark: `npm run bench -w packages/engine`. Single thread (one core). Prints a table of
 * measured figures beside the targets, with the naive reference in the same run.
 */
import { loadavg } from 'node:os';
import { DEFAULT_PARAMS, forecastPair, simulateScene, type SceneResult } from '../src/index.ts';
import { coreOf, run } from '../src/pair-dynamics.ts';
import { toUnit } from '../src/pair-model.ts';
import { pairRequests, scene } from './fixtures.ts';
import { naivePair, naiveScene } from './naive.ts';

type Timing = { wall: number; cpu: number; firstWall: number; firstCpu: number };

/**
 * Median wall and CPU milliseconds over `runs`, and the first run's. CPU time (process.cpuUsage) is what this
 * process itself used, so it is steadier than wall time on a machine shared with other work.
 */
function time(fn: () => void, runs: number): Timing {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const start = performance.now();
    fn();
    wall.push(performance.now() - start);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { wall: median(wall), cpu: median(cpu), firstWall: wall[0]!, firstCpu: cpu[0]! };
}

/** Calls per second of wall time and of CPU time, after a warm-up. */
function throughput(fn: (i: number) => void, ms: number): string {
  for (let i = 0; i < 2000; i++) fn(i);
  let n = 0;
  const c0 = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (let k = 0; k < 100; k++) fn(n++);
  }
  const wall = performance.now() - start;
  const c = process.cpuUsage(c0);
  return `${((n * 1000) / wall).toFixed(0)} wall, ${((n * 1e6) / (c.user + c.system)).toFixed(0)} cpu`;
}

const ms = (t: Timing): string => `${t.wall.toFixed(1)} wall / ${t.cpu.toFixed(1)} cpu (first ${t.firstWall.toFixed(0)} / ${t.firstCpu.toFixed(0)})`;

function resultBytes(r: SceneResult): number {
  let bytes = 0;
  for (const group of [r.actorColumns, r.teamColumns]) for (const c of Object.values(group)) bytes += (c as ArrayBufferView).byteLength;
  return bytes + r.pairs.ratings.byteLength + r.pairs.days.byteLength;
}

const rows: Array<[string, string, string]> = [];
const row = (what: string, measured: string, target = ''): void => {
  rows.push([what, measured, target]);
  console.log(`${what.padEnd(56)} ${measured.padEnd(46)} ${target}`);
};

console.log(
  `Teamcast engine benchmark, node ${process.version}, ${new Date().toISOString()}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
const requests = pairRequests(4000);
row(
  'pair forecasts per second',
  throughput((i) => forecastPair(requests[i % requests.length]!), 1500),
  '>= 20000',
);
const series = new Float64Array(365);
row(
  'engine pair daily series only (same work as naive) per second',
  throughput((i) => {
    const r = requests[i % requests.length]!;
    run(coreOf(DEFAULT_PARAMS.kinds.work, toUnit(r.a), toUnit(r.b), null, 0, r.intensity ?? 5, DEFAULT_PARAMS).core, series, null, null, DEFAULT_PARAMS);
  }, 1500),
);
row(
  'naive pair forecasts per second (series only)',
  throughput((i) => {
    const r = requests[i % requests.length]!;
    naivePair(r.a, r.b, r.intensity ?? 5);
  }, 1500),
);
row(
  'pair forecasts with band (64 samples) per second',
  throughput((i) => forecastPair(requests[i % requests.length]!, undefined, { band: true }), 1500),
);

const s50 = scene(50);
const t50 = time(() => simulateScene(s50), 7);
row('50-actor scene, 730 + 365 days, daily pair ratings: ms', ms(t50), '< 100');
const t50r = time(() => simulateScene(s50, { pairDetail: 'render' }), 7);
row('50-actor scene, pair ratings on render days: ms', ms(t50r), '< 100');
const n50 = time(() => naiveScene(s50), 2);
row('naive 50-actor scene: ms', ms(n50));
const b50 = time(() => simulateScene(s50, { band: true, pairDetail: 'render' }), 3);
row('50-actor scene with band (16 samples): ms', ms(b50));

const s300 = scene(300);
const t300 = time(() => simulateScene(s300), 3);
row('300-actor scene (pair ratings on render days): ms', ms(t300), '< 3000');

for (const n of [50, 100, 200, 300]) {
  const r = simulateScene(scene(n), { pairDetail: 'render' });
  const pairs = (n * (n - 1)) / 2;
  const bytes = resultBytes(r);
  row(
    `result size, ${n} actors, ${r.renderDays.length} render days: MB`,
    (bytes / 1e6).toFixed(2),
    `bytes / (pairs x render days) = ${(bytes / (pairs * r.renderDays.length)).toFixed(1)}`,
  );
}
