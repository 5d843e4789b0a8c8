import { CONDITION_BANDS, type ConditionBand } from '@teamcast/contracts';

/** A range of values drawn as a pale background strip (or, for edges, a colour) and named in the legend. */
export type ChartZone = { id: string; from: number; to: number; fill: string; stroke: string; label: string };

const FILL: Record<ConditionBand, string> = { depressed: '#fde2e2', bad: '#feeede', anxious: '#fff8db', good: '#e6f6ea', excellent: '#d3f0dc' };
/** Strong colours of the same bands, for lines and edges on white (3:1 contrast or more). */
const STROKE: Record<ConditionBand, string> = { depressed: '#9b1c1c', bad: '#e8590c', anxious: '#b08800', good: '#5c940d', excellent: '#087f5b' };

/** The condition bands of a rating (−100…100) as zones, named by the caller's words. */
export function conditionZones(label: (band: ConditionBand) => string): ChartZone[] {
  return CONDITION_BANDS.map((band) => ({
    id: band.band,
    from: band.min,
    to: band.max,
    fill: FILL[band.band],
    stroke: STROKE[band.band],
    label: label(band.band),
  }));
}

/** The zone a value falls in (the last whose range holds it), if any. */
export function zoneOf(zones: readonly ChartZone[], value: number): ChartZone | undefined {
  let found: ChartZone | undefined;
  for (const zone of zones) if (value >= zone.from && value <= zone.to) found = zone;
  return found;
}

/** Series colours, distinguishable for common colour blindness and 3:1 or more on white. */
export const SERIES_COLORS = ['#1c7ed6', '#d9480f', '#2b8a3e', '#9c36b5', '#0b7285', '#a61e4d', '#5f3dc4', '#495057'];
