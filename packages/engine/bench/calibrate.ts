/**
 * Calibration study: `npm run calibrate` (root) or `npm run calibrate -w @teamcast/engine -- --worlds 2000 --samples 64 --seed 1`.
 * Draws synthetic worlds from the model's own generative assumptions, forecasts them, and prints the coverage of the
 * 80 % band and the error by horizon as a Markdown table (docs/forecast-model.md, section 7.4). Deterministic per seed.
 */
import { runCalibration } from '../src/calibration.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

const worlds = arg('worlds', 2000);
const samples = arg('samples', 64);
const seed = arg('seed', 1);
const r = runCalibration({ worlds, samples, seed });
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const lines = [
  `Calibration of ${new Date().toISOString().slice(0, 10)}: ${worlds} worlds, ${samples} band samples, seed ${seed}.`,
  '',
  '| horizon (day) | coverage of the 80 % band | mean absolute error, points | mean band width, points |',
  '|---|---|---|---|',
  ...r.byDay.map((d) => `| ${d.day} | ${pct(d.coverage)} | ${d.meanAbsError.toFixed(1)} | ${d.meanWidth.toFixed(1)} |`),
  `| yearly mean (compatibility) | ${pct(r.compatibility.coverage)} | ${r.compatibility.meanAbsError.toFixed(1)} | ${r.compatibility.meanWidth.toFixed(1)} |`,
  `| all horizons | ${pct(r.coverage)} | | |`,
];
console.log(lines.join('\n'));
const ok = r.coverage >= 0.75 && r.coverage <= 0.85;
console.log(ok ? '\nCoverage within the 80 % ± 5 target.' : '\nCoverage OUTSIDE the 80 % ± 5 target.');
process.exitCode = ok ? 0 : 1;
