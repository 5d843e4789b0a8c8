import { Piscina } from 'piscina';
import { sceneWork, type SceneWork, type SceneWorkResult } from './scene-work.ts';

/**
 * Where team work runs: a body of OFF_THREAD_BODY_BYTES or more, or a team of OFF_THREAD_PEOPLE or more, goes to one
 * worker thread (started on first use, stopped after 30 s idle); smaller ones run inline, where a thread's round trip
 * would cost more than the work. Measured on 2026-11-26 (docs/PERFORMANCE.md, "Large team bodies"): a 300-person team
 * takes 30-50 ms of CPU to check and normalise, a 1,000-person one 0.2-1 s.
 */
export const OFF_THREAD_BODY_BYTES = 64 * 1024;
export const OFF_THREAD_PEOPLE = 60;

export type SceneWorker = {
  run(task: SceneWork): Promise<SceneWorkResult>;
  stop(): Promise<void>;
};

export function createSceneWorker(): SceneWorker {
  let pool: Piscina | undefined;
  const large = (task: SceneWork) => (task.kind === 'body' ? task.text.length >= OFF_THREAD_BODY_BYTES : task.actors.length >= OFF_THREAD_PEOPLE);
  return {
    async run(task) {
      if (!large(task)) return sceneWork(task);
      // The thread ends a second after its last task: a 1,000-person team leaves a few hundred MB of heap behind it, which
      // would otherwise stay resident beside the team's run (the growth bench's memory goal, docs/PERFORMANCE.md).
      pool ??= new Piscina({ filename: new URL('./scene-work.worker.mjs', import.meta.url).href, minThreads: 0, maxThreads: 1, idleTimeout: 1_000 });
      return (await pool.run(task)) as SceneWorkResult;
    },
    async stop() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
