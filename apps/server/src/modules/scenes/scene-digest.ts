import { summaryBandOf, type CompareIndicators, type RankedKey, type SceneDatasetBand, type SceneSummaryBand, type TeamIndicators } from '@teamcast/contracts';

/** What the scene row caches of a run's band: the headline intervals and the ranked draws. */
export type StoredBand = { summaryBand: SceneSummaryBand; draws: Record<RankedKey, Array<number | null>> };

/**
 * What a scene row caches of a finished run, so a read of the scene or the scene list never opens the dataset: the
 * summary, the compare indicators, the headline band and each member's mood on the last day. The computing worker makes
 * it from the result it holds (compute.tasks.ts); a run stored before that is read once from its dataset.
 */
export type SceneDigest = { summary: TeamIndicators; compareIndicators: CompareIndicators; band: StoredBand | null; actorMoods: Record<string, string> };

/** What the scene row keeps of a dataset's band: the headline intervals of the last day and the ranked draws. */
export function storedBandOf(band: SceneDatasetBand | undefined): StoredBand | null {
  return band ? { summaryBand: summaryBandOf(band), draws: band.draws } : null;
}
