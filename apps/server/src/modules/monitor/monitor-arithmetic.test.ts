import { describe, expect, it } from 'vitest';
import type { MonitorMonth } from '@teamcast/contracts';
import {
  addMonths,
  aggregateMonth,
  belowTwoMonthsRunning,
  calibrationByHorizon,
  calibrationOf,
  monitorMonths,
  outsideRun,
  positionOf,
  thresholdFor,
  type StoredCheckIn,
} from './monitor-arithmetic.ts';
import { pairMonthlyForecast, teamMonthlyForecast } from './forecast-band.ts';

const answer = (memberId: string, month: string, choices: number[], satisfaction = 3): StoredCheckIn => ({
  memberId,
  month,
  ratings: choices.map((choice, i) => ({ memberId: `${memberId}-mate-${i}`, choice })),
  satisfaction,
});

const month = (m: string, position: MonitorMonth['position'], observed: number | null = position ? 0 : null): MonitorMonth => ({
  month: m,
  forecast: 0,
  p10: -10,
  p90: 10,
  respondents: 3,
  observed,
  satisfaction: null,
  withheld: false,
  position,
});

describe('calendar months', () => {
  it('steps across year ends both ways', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
  });
});

describe('aggregation with the privacy threshold', () => {
  it('needs three respondents in a team and both people of a pair', () => {
    expect(thresholdFor(8)).toBe(3);
    expect(thresholdFor(3)).toBe(3);
    expect(thresholdFor(2)).toBe(2);
  });

  it('withholds the figure when fewer than the threshold answered, and shows the mean of every rating at it', () => {
    const two = [answer('a', '2026-11', [5, 4]), answer('b', '2026-11', [1, 2])];
    expect(aggregateMonth(two, 3)).toEqual({ respondents: 2, observed: null, satisfaction: null, withheld: true });
    // Ratings 90, 50, -90, -50, 0, 0 → mean 0; satisfaction 5, 3, 1 → 90, 0, -90 → 0.
    const three = [answer('a', '2026-11', [5, 4], 5), answer('b', '2026-11', [1, 2], 3), answer('c', '2026-11', [3, 3], 1)];
    expect(aggregateMonth(three, 3)).toEqual({ respondents: 3, observed: 0, satisfaction: 0, withheld: false });
    expect(aggregateMonth([answer('a', '2026-11', [4, 4, 4], 4), answer('b', '2026-11', [4], 4), answer('c', '2026-11', [5], 4)], 3).observed).toBeCloseTo(
      (50 * 4 + 90) / 5,
      10,
    );
    expect(aggregateMonth([], 3)).toEqual({ respondents: 0, observed: null, satisfaction: null, withheld: false });
  });

  it('places each month against its band, edges inside', () => {
    expect(positionOf(-10, -10, 10)).toBe('inside');
    expect(positionOf(10, -10, 10)).toBe('inside');
    expect(positionOf(-10.5, -10, 10)).toBe('below');
    expect(positionOf(11, -10, 10)).toBe('above');
    expect(positionOf(null, -10, 10)).toBeNull();
    const months = monitorMonths(
      { months: ['2026-11', '2026-12'], forecast: [40, 45], p10: [20, 25], p90: [60, 65] },
      [answer('a', '2026-12', [2]), answer('b', '2026-12', [2]), answer('c', '2026-12', [2])],
      3,
    );
    expect(months.map((m) => [m.month, m.observed, m.position])).toEqual([
      ['2026-11', null, null],
      ['2026-12', -50, 'below'],
    ]);
  });
});

describe('outside the band and the alert rule', () => {
  it('reports the latest run outside the band from its first month, skipping months with no figure', () => {
    expect(outsideRun([month('2026-01', 'inside'), month('2026-02', 'below'), month('2026-03', null), month('2026-04', 'below')])).toEqual({
      direction: 'below',
      since: '2026-02',
    });
    expect(outsideRun([month('2026-01', 'below'), month('2026-02', 'above')])).toEqual({ direction: 'above', since: '2026-02' });
    expect(outsideRun([month('2026-01', 'below'), month('2026-02', 'inside')])).toBeNull();
    expect(outsideRun([month('2026-01', null)])).toBeNull();
  });

  it('alerts when a month and the calendar month before it are both below the band, not across a gap', () => {
    const months = [
      month('2026-01', 'below'),
      month('2026-02', 'below'),
      month('2026-03', 'inside'),
      month('2026-04', 'below'),
      month('2026-05', null),
      month('2026-06', 'below'),
    ];
    expect(belowTwoMonthsRunning(months, '2026-02')).toBe(true);
    expect(belowTwoMonthsRunning(months, '2026-01')).toBe(false);
    expect(belowTwoMonthsRunning(months, '2026-04')).toBe(false);
    expect(belowTwoMonthsRunning(months, '2026-06')).toBe(false);
    expect(belowTwoMonthsRunning([month('2026-01', 'above'), month('2026-02', 'below')], '2026-02')).toBe(false);
  });
});

describe('calibration on constructed data', () => {
  it('counts the share inside the 80 % band and the mean absolute and signed errors', () => {
    // 10 observations, band [-10, 10] around a forecast of 0: 8 inside (edges count), one above at 30, one below at -20.
    const points = [-10, -5, 0, 0, 2, 4, 6, 10, 30, -20].map((observed) => ({ observed, forecast: 0, p10: -10, p90: 10 }));
    const calibration = calibrationOf(points);
    expect(calibration.n).toBe(10);
    expect(calibration.coverage).toBe(0.8);
    expect(calibration.meanAbsoluteError).toBeCloseTo(87 / 10, 10);
    expect(calibration.bias).toBeCloseTo(17 / 10, 10);
  });

  it('splits by horizon: month i of every forecast is horizon i, horizons without an observation left out', () => {
    const at = (observed: number | null): MonitorMonth => ({
      ...month('2026-01', observed === null ? null : 'inside', observed),
      forecast: 0,
      p10: -10,
      p90: 10,
    });
    // Forecast A observed at horizons 0 and 2, forecast B at horizon 0 only: horizon 0 has 2 points, horizon 2 one, horizon 1 none.
    const byHorizon = calibrationByHorizon([
      [at(5), at(null), at(30)],
      [at(-20), at(null)],
    ]);
    expect(byHorizon).toEqual([
      { horizon: 0, n: 2, coverage: 0.5, meanAbsoluteError: 12.5, bias: -7.5 },
      { horizon: 2, n: 1, coverage: 0, meanAbsoluteError: 30, bias: 30 },
    ]);
    expect(calibrationByHorizon([])).toEqual([]);
  });

  it('is empty with no observation and exact for a forecast that always hits', () => {
    expect(calibrationOf([])).toEqual({ n: 0, coverage: null, meanAbsoluteError: null, bias: null });
    expect(calibrationOf([{ observed: 25, forecast: 25, p10: 0, p90: 50 }])).toEqual({ n: 1, coverage: 1, meanAbsoluteError: 0, bias: 0 });
  });
});

describe('monthly band of a forecast', () => {
  it("averages a team's daily band and atmosphere over each calendar month of the forecast year", () => {
    // Day d: atmosphere d/10, band ±5 around it; history of 3 days before the start (firstDay -3).
    const days = 365;
    const atmosphere = [7, 7, 7, ...Array.from({ length: days }, (_, d) => d / 10)];
    const dataset = {
      firstDay: -3,
      teamColumns: { microclimate: atmosphere },
      band: { microclimate: { p10: Array.from({ length: days }, (_, d) => d / 10 - 5), p90: Array.from({ length: days }, (_, d) => d / 10 + 5) } },
    };
    const forecast = teamMonthlyForecast(dataset, '2026-01-01')!;
    expect(forecast.months).toHaveLength(12);
    expect(forecast.months[0]).toBe('2026-01');
    expect(forecast.months[11]).toBe('2026-12');
    // January: days 0…30, mean day 15 → 1.5; February: days 31…58, mean 44.5 → 4.45.
    expect(forecast.forecast[0]).toBe(1.5);
    expect(forecast.p10[0]).toBe(-3.5);
    expect(forecast.p90[0]).toBe(6.5);
    expect(forecast.forecast[1]).toBe(4.5);
    expect(teamMonthlyForecast({ ...dataset, band: undefined } as never, '2026-01-01')).toBeNull();
  });

  it("takes a pair's monthly band as its forecast gives it", () => {
    const forecast = pairMonthlyForecast({ months: ['2026-01-01', '2026-02-01'], monthly: [10.04, 20], monthlyBand: { p10: [0, 5], p90: [20, 35] } });
    expect(forecast).toEqual({ months: ['2026-01', '2026-02'], forecast: [10, 20], p10: [0, 5], p90: [20, 35] });
    expect(pairMonthlyForecast({ months: [], monthly: [], monthlyBand: null })).toBeNull();
  });
});
