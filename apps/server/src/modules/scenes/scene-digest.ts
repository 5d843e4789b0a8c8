import type { CompareIndicators, RankedKey, SceneDatasetBand, SceneSummaryBand, TeamIndicators } from '@teamcast/contracts';

/** What the scene row caches of a run's band: the headline intervals and the ranked draws. */
export type StoredBand = { summaryBand: SceneSummaryBand; draws: Record<RankedKey, Array<number | null>> };

/**
 * What a scene row caches of a finished run, so a read of the scene or the scene list never opens the dataset: the
 * summary, the compare indicators, the headline band and each member's mood on the last day. The computing worker makes
 * it from the result it holds (compute.tasks.ts); a run stored before that is read once from its dataset.
 */
export type SceneDigest = { summary: TeamIndicators; compareIndicators: CompareIndicators; band: StoredBand | null; actorMoods: Record<string, string> };

/** The headline band of the last forecast day, from a dataset's band (the atmosphere's interval is the daily band's last day). */
export function storedBandOf(band: SceneDatasetBand | undefined): StoredBand | null {
  if (!band) return null;
  const last = band.microclimate.p10.length - 1;
  return {
    summaryBand: {
      samples: band.samples,
      basePower: band.basePower,
      totalStatisticPower: band.totalStatisticPower,
      cohesion: band.cohesion,
      performance: band.performance,
      teamingEffect: band.teamingEffect,
      microclimate: { p10: band.microclimate.p10[last]!, p90: band.microclimate.p90[last]! },
    },
    draws: band.draws,
  };
}
