/**
 * `npm run band-study -w @teamcast/engine`: the reduced band of a large team (docs/forecast-model.md, section 7.6) against
 * the full band, on random teams of several sizes. For each team, 48 whole-team samples are drawn (the full band's
 * stream: its first 16 are the full 16-sample band, the other 32 are fresh draws from the same distribution), and the
 * reduced 16-sample band is drawn as a large team gets it. Reported per size and ranked number (the band's headline
 * numbers and the comparison's draws): how many of the fresh draws each 16-sample band holds (an honest 80 % band holds
 * about 80 %; a 16-sample band itself holds less, its percentiles are noisy) and the reduced band's width over the full
 * one's. Options: --sizes 80,150,300 --teams 3 --members 40 (the reduced team).
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_PARAMS, RANKED_KEYS, simulateScene, type Actor, type Params, type RankedKey, type SceneInput } from '../src/index.ts';
import { scene, specialists } from './fixtures.ts';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const SIZES = argument('sizes', '80,150,300').split(',').map(Number);
const TEAMS = Number(argument('teams', '3'));
const FRESH = 32;
const REDUCED = { ...DEFAULT_PARAMS.band.reduced, members: Number(argument('members', String(DEFAULT_PARAMS.band.reduced.members))) };

/** Every pair without an entry works at the product's default (5 h a week, office) from the later first day of the two. */
function fullMesh(actors: Actor[]): Actor[] {
  const first = actors.map((a) => Math.min(...a.events.map((e) => e.date)));
  return actors.map((a, i) => {
    const stated = new Set(a.interactionIntensive.map((e) => e.actorId));
    const added = actors.flatMap((b, j) =>
      j > i && !stated.has(b.id) && !b.interactionIntensive.some((e) => e.actorId === a.id)
        ? [{ actorId: b.id, date: Math.max(first[i]!, first[j]!), value: 5 }]
        : [],
    );
    return { ...a, interactionIntensive: [...added, ...a.interactionIntensive] };
  });
}

/** Two shapes: the growth bench's team (everyone from day 0, five colleagues at 2 h) and a team with a past (fixtures). */
function team(n: number, variant: number): SceneInput {
  if (variant % 2 === 1) {
    const s = scene(n + variant);
    const kept = new Set(s.actors.slice(0, n).map((a) => a.id));
    const actors = s.actors.slice(0, n).map((a) => ({
      ...a,
      interactionIntensive: a.interactionIntensive.filter((e) => kept.has(e.actorId)),
      interactionType: a.interactionType.filter((e) => kept.has(e.actorId)),
    }));
    return { ...s, actors: fullMesh(actors), specialists: s.specialists.filter((p) => kept.has(p.id)) };
  }
  const people = specialists(n, 100 + variant);
  const actors: Actor[] = people.map((p, i) => ({
    id: p.id,
    firstName: p.id,
    lastName: 'Study',
    events: [{ type: 'start', date: 0, value: 0, timestamp: 0 }],
    interactionType: [],
    interactionIntensive: Array.from({ length: 5 }, (_, k) => ({ actorId: people[(i + k + 1) % n]!.id, date: 0, value: 2 })),
  }));
  return { startDay: '2026-11-02', lifespan: 1, actors: fullMesh(actors), specialists: people };
}

function interval(values: number[]): [number, number] {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => {
    const x = q * (sorted.length - 1);
    const lo = Math.floor(x);
    return sorted[lo]! + (sorted[Math.min(sorted.length - 1, lo + 1)]! - sorted[lo]!) * (x - lo);
  };
  return [at(0.1), at(0.9)];
}

const held = (band: [number, number], draws: number[]) => draws.filter((v) => v >= band[0] && v <= band[1]).length / draws.length;
const full: Params = { ...DEFAULT_PARAMS, band: { ...DEFAULT_PARAMS.band, reduced: { ...DEFAULT_PARAMS.band.reduced, above: Number.POSITIVE_INFINITY } } };
const reduced: Params = { ...DEFAULT_PARAMS, band: { ...DEFAULT_PARAMS.band, reduced: { ...REDUCED, above: 0 } } };
const variants = [['reduced', reduced]] as const;

console.log(`band study: sizes ${SIZES.join(', ')}, ${TEAMS} teams each, ${FRESH} fresh draws; reduced team of ${REDUCED.members}`);
for (const n of SIZES) {
  type Row = { full: number[]; widths: Record<string, number[]>; holds: Record<string, number[]> };
  const rows = Object.fromEntries(RANKED_KEYS.map((key) => [key, { full: [], widths: {}, holds: {} } as Row])) as Record<RankedKey, Row>;
  let fullCpu = 0;
  const cpu: Record<string, number> = {};
  for (let t = 0; t < TEAMS; t++) {
    const input = team(n, t);
    let c0 = process.cpuUsage();
    const reference = simulateScene(input, { params: full, pairDetail: 'none', band: { samples: 16 + FRESH } }).band!;
    fullCpu += (process.cpuUsage(c0).user / 1000) * (16 / (16 + FRESH));
    for (const [name, params] of variants) {
      c0 = process.cpuUsage();
      const cheap = simulateScene(input, { params, pairDetail: 'none', band: { samples: 16 } }).band!;
      cpu[name] = (cpu[name] ?? 0) + process.cpuUsage(c0).user / 1000;
      for (const key of RANKED_KEYS) {
        const all = reference.draws[key];
        if (all.some((v) => v === null)) continue;
        const values = all as number[];
        const fresh = values.slice(16);
        const fullBand = interval(values.slice(0, 16));
        const cheapBand = interval(cheap.draws[key] as number[]);
        const row = rows[key];
        if (name === variants[0][0]) row.full.push(held(fullBand, fresh));
        (row.holds[name] ??= []).push(held(cheapBand, fresh));
        (row.widths[name] ??= []).push((cheapBand[1] - cheapBand[0]) / Math.max(1e-9, fullBand[1] - fullBand[0]));
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const pct = (x: number) => `${(100 * x).toFixed(0)} %`;
  console.log(
    `\n${n} people, ${TEAMS} teams; CPU per 16-sample band: full ${(fullCpu / TEAMS).toFixed(0)} ms, ${variants.map(([name]) => `${name} ${(cpu[name]! / TEAMS).toFixed(0)} ms`).join(', ')}`,
  );
  console.log(`| number | fresh draws held, full band | ${variants.map(([name]) => `held, ${name} | width ÷ full, ${name}`).join(' | ')} |`);
  for (const key of RANKED_KEYS) {
    const row = rows[key];
    if (row.full.length === 0) continue;
    console.log(
      `| ${key} | ${pct(mean(row.full))} | ${variants.map(([name]) => `${pct(mean(row.holds[name]!))} | ${mean(row.widths[name]!).toFixed(2)}`).join(' | ')} |`,
    );
  }
  const all = (pick: (row: Row) => number[]) => mean(RANKED_KEYS.flatMap((key) => pick(rows[key])));
  console.log(
    `| all | ${pct(all((r) => r.full))} | ${variants.map(([name]) => `${pct(all((r) => r.holds[name] ?? []))} | ${all((r) => r.widths[name] ?? []).toFixed(2)}`).join(' | ')} |`,
  );
}
console.log(`\nwall ${(performance.now() / 1000).toFixed(0)} s`);
