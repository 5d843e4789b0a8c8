import { SceneSettingsSchema, type Actor, type Scene, type SceneProfile, type SceneSummaryBand, type TeamIndicators } from '@teamcast/contracts';
import type { ActorProfile, JobRow, SceneRow } from './scenes.repository.ts';
import { isEligible } from './scenes.repository.ts';

export type SceneExtras = {
  missingActorIds: string[];
  summary: TeamIndicators | null;
  summaryBand: SceneSummaryBand | null;
  run: { job: JobRow; fresh: boolean } | undefined;
};

/** The scene as the owner sees it: whitelisted fields in the spec's names. */
export function presentScene(row: SceneRow, extras: SceneExtras): Scene {
  const run = extras.run;
  return {
    _id: row.id,
    title: row.title,
    startDay: row.startDay,
    summonDay: row.summonDay,
    lifespan: row.lifespan as 1 | 2,
    actors: row.actors as Actor[],
    settings: SceneSettingsSchema.parse(row.settings ?? {}),
    p2pRequests: row.p2pRequests as Scene['p2pRequests'],
    status: row.status,
    missingActorIds: extras.missingActorIds,
    summary: extras.summary,
    summaryBand: extras.summaryBand,
    lastRun: run ? { ruid: run.job.id, status: run.job.status, phase: run.job.phase, fresh: run.fresh, error: run.job.error } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentProfile(p: ActorProfile): SceneProfile {
  return {
    _id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    name: [p.firstName, p.lastName].filter(Boolean).join(' '),
    position: p.position,
    age: p.age,
    gender: p.gender,
    grade: p.grade,
    isDemo: p.isDemo,
    eligible: isEligible(p),
  };
}
