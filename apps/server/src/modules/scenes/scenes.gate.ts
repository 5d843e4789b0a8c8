import type { FastifyInstance } from 'fastify';
import { findJobById, recentComparesWithScene } from './scenes.repository.ts';
import { checkState, integralStats, runState, type SceneDeps } from './scenes.service.ts';

/**
 * The scenes' part of the websocket gate: answers teamCheck (state of a scene's latest run) and integralStats, and
 * when a run ends in this process, tells the owner's screens (in any process) to render it: renderCheckTeam for the
 * scene, renderCompareTeam for comparisons waiting on it.
 */
export function watchSceneRuns(app: FastifyInstance, deps: SceneDeps): void {
  app.gate.on('teamCheck', async (message, { auth, reply }) => {
    reply({ type: 'renderCheckTeam', payload: await checkState(deps, auth.subjectId, message.payload.sceneId) });
  });
  app.gate.on('integralStats', async (_message, { auth, reply }) => {
    reply({ type: 'integralStats', payload: await integralStats(deps, auth.subjectId) });
  });

  const off = app.compute.onFinished(({ id }) => {
    void (async () => {
      const job = await findJobById(deps.database.db, id);
      if (!job || job.kind !== 'scene') return;
      const target = { role: 'owner' as const, subjectId: job.ownerId };
      await app.gate.publish(target, { type: 'renderCheckTeam', payload: runState(job) });
      for (const compareId of await recentComparesWithScene(deps.database.db, job.ownerId, job.subjectId)) {
        await app.gate.publish(target, { type: 'renderCompareTeam', payload: { compareId, sceneId: job.subjectId } });
      }
    })().catch((error: unknown) => app.log.warn({ err: error, ruid: id }, 'scenes: run end not published'));
  });
  app.addHook('onClose', async () => off());
}
