#!/usr/bin/env node
// `npm run test:stress`: finds tests that pass or fail by timing. Runs the unit suites N times, each run in a shuffled
// order with its own printed seed and under CPU contention (busy-looping processes, or a second copy of the suite, at
// the same time; `pair` runs two shuffled, reported runs side by side, each the other's contention, with a burner
// while only one is left), then the browser journeys with --repeat-each; lists every test that did not pass every time, with
// the seeds of the runs it failed in. Exits 1 when any test was unstable or a run gave no report.
//
//   npm run test:stress -- [--runs 5] [--projects contracts,engine,scripts,server,web] [--contention burner|pair|suite|none]
//                          [--burners 1] [--e2e] [--repeat-each 3] [--e2e-project desktop]... [--e2e-workers 1]
//                          [--no-build] [--out .stress]
//
// A failing seed is replayed with `npx vitest run --project <p> --sequence.shuffle --sequence.seed=<seed>`.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** What to stop when this script is stopped: the running suite and the contention. */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const stop of running) stop();
    process.exit(130);
  });

function parseArgs(argv) {
  const options = {
    runs: 5,
    projects: ['contracts', 'engine', 'scripts', 'server', 'web'],
    contention: 'burner',
    burners: 1,
    e2e: false,
    repeatEach: 3,
    e2eProjects: [],
    e2eWorkers: undefined,
    build: true,
    out: '.stress',
  };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = () => {
      const next = argv[(i += 1)];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--runs') options.runs = Number(value());
    else if (flag === '--projects') options.projects = value().split(',').filter(Boolean);
    else if (flag === '--contention') options.contention = value();
    else if (flag === '--burners') options.burners = Number(value());
    else if (flag === '--e2e') options.e2e = true;
    else if (flag === '--no-e2e') options.e2e = false;
    else if (flag === '--repeat-each') options.repeatEach = Number(value());
    else if (flag === '--e2e-project') options.e2eProjects.push(value());
    else if (flag === '--e2e-workers') options.e2eWorkers = Number(value());
    else if (flag === '--no-build') options.build = false;
    else if (flag === '--out') options.out = value();
    else throw new Error(`unknown flag ${flag} (see the header of scripts/stress.mjs)`);
  }
  if (!Number.isInteger(options.runs) || options.runs < 0) throw new Error('--runs takes a whole number');
  if (!['burner', 'pair', 'suite', 'none'].includes(options.contention)) throw new Error('--contention is burner, pair, suite or none');
  return options;
}

/** Runs a command to its end; resolves with its exit code. Output goes to `logFile` when given, else to ours. */
function run(command, args, { env = {}, logFile, cwd = root } = {}) {
  return new Promise((resolve) => {
    const log = logFile ? fs.openSync(logFile, 'w') : undefined;
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: log === undefined ? 'inherit' : ['ignore', log, log], detached: true });
    const stop = () => killGroup(child);
    running.add(stop);
    child.on('exit', (code, signal) => {
      running.delete(stop);
      if (log !== undefined) fs.closeSync(log);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

/** Ends a child started in its own process group, with everything it started. */
function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already finished
  }
}

/** CPU contention for the length of one run: busy-looping node processes, or a second (unshuffled, unreported) copy of the suite. */
function startContention(options, projects, index) {
  if (options.contention === 'none') return () => {};
  if (options.contention === 'suite') {
    const child = spawn('npx', ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=dot'], {
      cwd: root,
      stdio: ['ignore', fs.openSync(path.join(options.out, `contention-${index}.log`), 'w'), 'ignore'],
      detached: true,
    });
    const stop = () => {
      running.delete(stop);
      killGroup(child);
    };
    running.add(stop);
    return stop;
  }
  const burners = Array.from({ length: options.burners }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  const stop = () => {
    running.delete(stop);
    burners.forEach((burner) => burner.kill('SIGKILL'));
  };
  running.add(stop);
  return stop;
}

/** Every test of a vitest JSON report as [name, status]; the name is `file › full name`. */
function vitestOutcomes(report) {
  return report.testResults.flatMap((file) => {
    const relative = path.relative(root, file.name);
    // A file that failed to load has no assertion results: it counts as one failed entry.
    if (file.assertionResults.length === 0 && file.status === 'failed') return [[`${relative} › (file failed to run)`, 'failed']];
    return file.assertionResults.map((test) => [`${relative} › ${test.fullName}`, test.status]);
  });
}

/** Every test run of a Playwright JSON report as [name, status]; repeats of one test share its name. */
function playwrightOutcomes(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const result of test.results)
          out.push([
            `[${test.projectName}] ${spec.file} › ${[...titles, spec.title].join(' › ')}`,
            result.status === 'passed' || result.status === 'skipped' ? result.status : 'failed',
          ]);
    for (const child of suite.suites ?? []) walk(child, suite.file === child.file && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}

function record(tally, outcomes, label) {
  for (const [name, status] of outcomes) {
    const entry = tally.get(name) ?? { passed: 0, failed: 0, skipped: 0, failedIn: [] };
    if (status === 'passed') entry.passed += 1;
    else if (status === 'skipped' || status === 'pending' || status === 'todo') entry.skipped += 1;
    else {
      entry.failed += 1;
      entry.failedIn.push(label);
    }
    tally.set(name, entry);
  }
}

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  fs.mkdirSync(path.join(root, options.out), { recursive: true });
  options.out = path.join(root, options.out);
  const tally = new Map();
  const broken = [];
  const lines = [];
  const say = (line) => {
    console.log(line);
    lines.push(line);
  };
  say(
    `stress: ${options.runs} shuffled run(s) of ${options.projects.join(', ')} under contention '${options.contention}'${options.e2e ? `; browser journeys ×${options.repeatEach}` : ''}`,
  );

  /** One shuffled, reported run of the unit suites; resolves when it has ended and its outcomes are counted. */
  const unitRun = async (index) => {
    const seed = crypto.randomInt(1, 2 ** 31 - 1);
    const reportFile = path.join(options.out, `unit-${index}.json`);
    fs.rmSync(reportFile, { force: true });
    const started = Date.now();
    // Named when it starts, so a run stopped early can still be replayed.
    say(`run ${index}/${options.runs}: seed ${seed}: started ${new Date(started).toISOString()}`);
    const code = await run(
      'npx',
      [
        'vitest',
        'run',
        ...options.projects.flatMap((p) => ['--project', p]),
        '--sequence.shuffle',
        `--sequence.seed=${seed}`,
        '--reporter=json',
        `--outputFile=${reportFile}`,
      ],
      { logFile: path.join(options.out, `unit-${index}.log`), env: { CI: '' } },
    );
    if (!fs.existsSync(reportFile)) {
      broken.push(`unit run ${index} (seed ${seed}) wrote no report, exit ${code}: see ${path.relative(root, options.out)}/unit-${index}.log`);
      say(`run ${index}/${options.runs}: seed ${seed}: NO REPORT (exit ${code})`);
      return;
    }
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
    record(tally, vitestOutcomes(report), `seed ${seed}`);
    say(`run ${index}/${options.runs}: seed ${seed}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${minutes(Date.now() - started)}`);
  };

  const unitRuns = options.projects.length > 0 ? options.runs : 0;
  if (options.contention === 'pair') {
    // Two runs at once, each the other's contention; when one ends, a burner takes its place until the other ends.
    for (let index = 1; index <= unitRuns; index += 2) {
      const pair = index + 1 <= unitRuns ? [unitRun(index), unitRun(index + 1)] : [unitRun(index)];
      let stopBurner = () => {};
      const first = Promise.race(pair).then(() => {
        if (pair.length === 2) stopBurner = startContention({ ...options, contention: 'burner' }, options.projects, index);
      });
      if (pair.length === 1) stopBurner = startContention({ ...options, contention: 'burner' }, options.projects, index);
      await Promise.all([...pair, first]);
      stopBurner();
    }
  } else {
    for (let index = 1; index <= unitRuns; index += 1) {
      const stop = startContention(options, options.projects, index);
      await unitRun(index);
      stop();
    }
  }

  if (options.e2e) {
    if (options.build) {
      const built = await run('npm', ['run', 'build', '-w', '@teamcast/web'], { logFile: path.join(options.out, 'build.log') });
      if (built !== 0) throw new Error(`the web build failed: see ${path.relative(root, options.out)}/build.log`);
    }
    // One Playwright run per project, each with its own server and fresh database: the sign-up limit per client
    // (100 an hour) would refuse the later repeats of both projects' sign-ups on one server.
    for (const project of options.e2eProjects.length > 0 ? options.e2eProjects : ['desktop-accounts', 'desktop', 'phone']) {
      const reportFile = path.join(options.out, `e2e-${project}.json`);
      const logFile = path.join(options.out, `e2e-${project}.log`);
      fs.rmSync(reportFile, { force: true });
      const started = Date.now();
      const code = await run(
        'npx',
        [
          'playwright',
          'test',
          `--project=${project}`,
          '--repeat-each',
          String(options.repeatEach),
          '--retries=0',
          '--reporter=json',
          // Its own folder for traces and screenshots: Playwright empties its output folder when it starts, which
          // would delete the files of another run still going (two runs of this script side by side).
          `--output=${path.join(options.out, `test-results-${project}`)}`,
          ...(options.e2eWorkers ? [`--workers=${options.e2eWorkers}`] : []),
        ],
        { logFile, env: { PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile, CI: '' }, cwd: path.join(root, 'e2e') },
      );
      if (!fs.existsSync(reportFile)) {
        broken.push(`the ${project} journeys wrote no report, exit ${code}: see ${path.relative(root, logFile)}`);
        continue;
      }
      const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
      record(tally, playwrightOutcomes(report), `repeat-each ${options.repeatEach}`);
      say(
        `${project} journeys ×${options.repeatEach}: ${report.stats.expected} passed, ${report.stats.unexpected} failed, ${report.stats.skipped} skipped, ${minutes(Date.now() - started)}`,
      );
    }
  }

  const unstable = [...tally].filter(([, entry]) => entry.failed > 0).sort(([a], [b]) => a.localeCompare(b));
  say('');
  say(`${tally.size} tests seen; ${unstable.length} did not pass every time${unstable.length ? ':' : '.'}`);
  for (const [name, entry] of unstable) say(`  ${name}: passed ${entry.passed}, failed ${entry.failed} (${entry.failedIn.join('; ')})`);
  for (const line of broken) say(`  ${line}`);
  fs.writeFileSync(path.join(options.out, 'report.txt'), `${lines.join('\n')}\n`);
  process.exit(unstable.length > 0 || broken.length > 0 ? 1 : 0);
}

await main();
