import type { Locale, SceneDatasetBand, TeamIndicators } from '@teamcast/contracts';
import { fetchSceneDataset } from '../../../shared/scene/scene-run.ts';

/** The parts of a computed dataset the team screens read. */
export type TeamDataset = {
  summary: TeamIndicators;
  renderDays: number[];
  firstDay: number;
  /** The scene's first day (yyyy-mm-dd): day offsets count from it. */
  startDay: string;
  teamColumns: { microclimate: Array<number | null> };
  /** The run's 80 % band (every run computes one; absent only in datasets of older runs). */
  band?: SceneDatasetBand;
};

/** The dataset of a finished team run. */
export const fetchDataset = (sceneId: string, ruid: string, locale: Locale): Promise<TeamDataset> =>
  fetchSceneDataset<TeamDataset>(sceneId, ruid, locale, (dataset) => Boolean(dataset.summary));
