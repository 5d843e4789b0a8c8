import type { Locale, TeamIndicators } from '@teamcast/contracts';
import type { ActorColumns, SceneBand, TeamColumns } from '@teamcast/engine';
import { fetchSceneDataset } from '../../../shared/scene/scene-run.ts';

type Plain<T> = { [K in keyof T]: Array<number | null> };

/** The computed dataset as the server sends it: the engine's SceneResult with plain arrays (NaN arrives as null). */
export type SceneDataset = {
  /** The scene's first day (yyyy-mm-dd): day offsets count from it. */
  startDay: string;
  firstDay: number;
  days: number;
  actorIds: string[];
  renderDays: number[];
  summary: TeamIndicators;
  actorColumns: Plain<ActorColumns>;
  teamColumns: Plain<TeamColumns>;
  /** Pair ratings, day-major: stored day s, pair p at [s * pairCount + p]; pairs in the order (0,1), (0,2) … (1,2) … */
  pairs: { pairCount: number; days: number[]; ratings: Array<number | null> };
  /** 80 % bands of the forecast (the future microclimate per day, headline intervals), when the computation made them. */
  band?: SceneBand | null;
};

/** The dataset of a finished run of the scene. */
export const fetchDataset = (sceneId: string, ruid: string, locale: Locale): Promise<SceneDataset> =>
  fetchSceneDataset<SceneDataset>(sceneId, ruid, locale, (dataset) => Boolean(dataset.summary && dataset.actorColumns));
