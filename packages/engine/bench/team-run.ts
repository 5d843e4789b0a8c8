/**
 * CPU time of a large team's run as the server's compute task makes it (issue 30): `npm run bench:team -w
 * packages/engine [-- 300]`. A team of scored people who all start on day 0, each spending 2 hours a week with the next
 * five members (a ring) and every other pair at the default; the engine runs it with its band, on the server's full mesh
 * (contracts fullInteractions). Prints CPU milliseconds (process.cpuUsage: wall time means little on a shared, loaded
 * machine): the first run (as in a computing worker just started, before the JIT has warmed up) and the median of the
 * next five.
 */
import { loadavg } from 'node:os';
import { simulateScene, type Actor, type SceneInput } from '../src/index.ts';
import { fullMesh } from '../src/test-support/full-mesh.ts';
import { specialists } from './fixtures.ts';

const DEFAULT_HOURS = 5;
const COLLEAGUES = 5;
const size = Number(process.argv[2] ?? 300);

/** The team in the sparse form the server stores (contracts scene-interactions.ts), as the create API parses it. */
function sparseTeam(n: number): SceneInput {
  const people = specialists(n, n);
  const actors: Actor[] = people.map((p, i) => ({
    id: p.id,
    firstName: '',
    lastName: '',
    events: [{ type: 'start', date: 0, value: 0, timestamp: 0 }],
    interactionType: [],
    interactionIntensive: Array.from({ length: COLLEAGUES }, (_, step) => ({ actorId: people[(i + step + 1) % n]!.id, date: 0, value: 2 })),
  }));
  return { startDay: '2026-12-01', lifespan: 1, actors, specialists: people };
}

function cpuMs(fn: () => void): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const scene = sparseTeam(size);
const runs = { mesh: [] as number[], engine: [] as number[] };
let first = 0;
for (let r = 0; r < 6; r++) {
  let full: Actor[] = [];
  const mesh = cpuMs(() => (full = fullMesh(scene.actors, DEFAULT_HOURS)));
  const engine = cpuMs(() => simulateScene({ ...scene, actors: full }, { band: true }));
  if (r === 0) {
    first = engine;
    continue;
  }
  runs.mesh.push(mesh);
  runs.engine.push(engine);
}
console.log(
  `${size}-person team with band, node ${process.version}, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(
      ' ',
    )}: full mesh ${median(runs.mesh).toFixed(0)} ms CPU, engine ${median(runs.engine).toFixed(0)} ms CPU (first run ${first.toFixed(0)}; runs ${runs.engine.map((x) => x.toFixed(0)).join(', ')})`,
);
