import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { initI18n } from '../i18n/i18n.ts';
import { BarChart } from './bar-chart.tsx';
import { formatMonth } from './format.ts';
import { LineChart } from './line-chart.tsx';
import { NetworkGraph } from './network-graph.tsx';
import { ScoreScale } from './score-scale.tsx';
import { conditionZones } from './zones.ts';

const months = ['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01'].map((iso) => new Date(`${iso}T00:00:00Z`));
const values = [10, 12.5, -8, 30];
const band = { low: [5, 6, -20, 12], high: [15, 20, 2, 44] };

function lineChart(locale: 'ru' | 'en', withBand = true) {
  initI18n(locale);
  return render(
    <LineChart
      title="Rating by month"
      labels={months.map((date) => formatMonth(date, locale, 'short'))}
      longLabels={months.map((date) => formatMonth(date, locale, 'long'))}
      xTitle="Month"
      yTitle="Rating, −100 to 100"
      series={[{ id: 'rating', name: 'Rating', values, band: withBand ? band : null }]}
      digits={1}
      zones={conditionZones((name) => name)}
    />,
  );
}

/** The x and y of every point of an SVG path's d (M/L commands with "x,y" pairs, as d3-shape writes them). */
const points = (d: string) => [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));

describe('LineChart', () => {
  it('draws the 80 % band with a positive height at every point where p10 < p90', () => {
    lineChart('en');
    const area = screen.getByTestId('chart-band-area');
    const byX = new Map<number, number[]>();
    for (const { x, y } of points(area.getAttribute('d') ?? '')) byX.set(x, [...(byX.get(x) ?? []), y]);
    expect(byX.size).toBe(values.length);
    for (const ys of byX.values()) expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(5);
    // The legend names the band.
    expect(within(screen.getByTestId('chart-legend')).getByText('80 % band')).toBeTruthy();
  });

  it('draws no band where the API sent none', () => {
    lineChart('en', false);
    expect(screen.queryByTestId('chart-band')).toBeNull();
    expect(within(screen.getByTestId('chart-legend')).queryByText('80 % band')).toBeNull();
  });

  it('labels the axes in Russian and in English', () => {
    const ru = lineChart('ru');
    const ruTexts = [...ru.container.querySelectorAll('svg text')].map((node) => node.textContent);
    expect(ruTexts).toEqual(expect.arrayContaining(['янв.', 'февр.', 'март', 'апр.', '-20', '0', '50', 'Rating, −100 to 100']));
    ru.unmount();
    const en = lineChart('en');
    const enTexts = [...en.container.querySelectorAll('svg text')].map((node) => node.textContent);
    expect(enTexts).toEqual(expect.arrayContaining(['Jan', 'Feb', 'Mar', 'Apr', '-20', '0', '50']));
  });

  it('formats decimals by locale', () => {
    initI18n('ru');
    const { container, unmount } = render(
      <LineChart title="T" labels={['a', 'b']} xTitle="x" yTitle="y" series={[{ id: 's', name: 'S', values: [0.2, 1.7] }]} />,
    );
    expect([...container.querySelectorAll('svg text')].map((node) => node.textContent)).toContain('0,5');
    unmount();
    initI18n('en');
    const again = render(<LineChart title="T" labels={['a', 'b']} xTitle="x" yTitle="y" series={[{ id: 's', name: 'S', values: [0.2, 1.7] }]} />);
    expect([...again.container.querySelectorAll('svg text')].map((node) => node.textContent)).toContain('0.5');
  });

  it('shows the value and the band in a tooltip on keyboard focus, and steps with the arrow keys', () => {
    lineChart('en');
    const explore = screen.getByRole('slider', { name: 'Rating by month: arrow keys step through the values' });
    fireEvent.focus(explore);
    const tooltip = screen.getByTestId('chart-tooltip');
    expect(tooltip.textContent).toContain('January 2026');
    expect(tooltip.textContent).toContain('10.0');
    expect(tooltip.textContent).toContain('80 %: 5.0 to 15.0');
    fireEvent.keyDown(explore, { key: 'ArrowRight' });
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('12.5');
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('80 %: 6.0 to 20.0');
    expect(explore.getAttribute('aria-valuetext')).toBe('February 2026: 12.5 (80 %: 6.0 to 20.0)');
    fireEvent.blur(explore);
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('shows the tooltip on hover', () => {
    lineChart('ru');
    const explore = screen.getByTestId('line-chart-explore');
    fireEvent.pointerMove(explore, { clientX: 0 });
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('январь 2026');
    expect(screen.getByTestId('chart-tooltip').textContent).toContain('80 %: от 5,0 до 15,0');
    fireEvent.pointerLeave(explore);
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('lists every value and its band in the text alternative', () => {
    lineChart('en');
    const table = screen.getByRole('table', { name: 'Rating by month' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'January 202610.080 %: 5.0 to 15.0',
      'February 202612.580 %: 6.0 to 20.0',
      'March 2026-8.080 %: -20.0 to 2.0',
      'April 202630.080 %: 12.0 to 44.0',
    ]);
  });

  it('keeps a called-out label inside the chart at its edges', () => {
    initI18n('en');
    const { container } = render(
      <LineChart
        title="T"
        labels={['a', 'b', 'c']}
        xTitle="x"
        yTitle="y"
        domain={[-100, 100]}
        series={[{ id: 's', name: 'S', values: [100, 0, -100] }]}
        marks={[
          { index: 0, label: 'best month', color: 'green', testId: 'best' },
          { index: 2, label: 'hardest month', color: 'red', testId: 'worst', place: 'below' },
        ]}
      />,
    );
    const svg = container.querySelector('svg')!;
    const width = Number(svg.getAttribute('width'));
    const height = Number(svg.getAttribute('height'));
    for (const id of ['best', 'worst']) {
      const text = screen.getByTestId(id).querySelector('text')!;
      const x = Number(text.getAttribute('x'));
      const y = Number(text.getAttribute('y'));
      const anchor = text.getAttribute('text-anchor');
      const length = (text.textContent ?? '').length * 7;
      const left = anchor === 'start' ? x : anchor === 'end' ? x - length : x - length / 2;
      expect(left, id).toBeGreaterThanOrEqual(0);
      expect(left + length, id).toBeLessThanOrEqual(width);
      expect(y - 12, id).toBeGreaterThanOrEqual(0);
      expect(y, id).toBeLessThanOrEqual(height);
    }
  });
});

describe('BarChart', () => {
  it('draws one bar per team and indicator with its interval, and lists them in its table', () => {
    initI18n('en');
    render(
      <BarChart
        title="Cohesion"
        valueTitle="Cohesion, 0 to 100"
        groupTitle="Indicator"
        series={[
          { id: 'a', name: 'Alpha' },
          { id: 'b', name: 'Beta' },
        ]}
        groups={[
          {
            id: 'cohesion',
            label: 'Cohesion',
            bars: [
              { seriesId: 'a', value: 62.5, low: 50, high: 70, best: true },
              { seriesId: 'b', value: 40, low: 30, high: 52 },
            ],
          },
        ]}
        digits={1}
        bestLabel="best"
      />,
    );
    expect(screen.getAllByTestId('bar')).toHaveLength(2);
    expect(screen.getAllByTestId('bar-interval')).toHaveLength(2);
    const rows = within(screen.getByRole('table', { name: 'Cohesion' }))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['IndicatorAlphaBeta', 'Cohesion62.5 (80 %: 50.0 to 70.0), best40.0 (80 %: 30.0 to 52.0)']);
  });
});

describe('ScoreScale', () => {
  it('is a meter on its 0-100 scale with the scale labelled', () => {
    initI18n('ru');
    render(<ScoreScale label="Квалификация (К)" value={57.46} digits={1} band={{ low: 50, high: 64 }} />);
    const meter = screen.getByRole('meter', { name: 'Квалификация (К)' });
    expect(meter.getAttribute('aria-valuenow')).toBe('57.46');
    expect(meter.getAttribute('aria-valuetext')).toBe('57,5 по шкале от 0 до 100 (80 %: от 50,0 до 64,0)');
    expect([...meter.querySelectorAll('text')].map((node) => node.textContent)).toEqual(['0', '25', '50', '75', '100']);
    expect(screen.getByTestId('score-scale-value').textContent).toBe('57,5');
  });
});

describe('NetworkGraph', () => {
  it('names every person, colours each pair by its band and lists the pairs', () => {
    initI18n('en');
    render(
      <NetworkGraph
        title="Pairs"
        nodes={[
          { id: 'a', name: 'Anna' },
          { id: 'b', name: 'Boris' },
          { id: 'c', name: 'Vera' },
        ]}
        edges={[
          { a: 'a', b: 'b', value: 85 },
          { a: 'a', b: 'c', value: -30 },
          { a: 'b', b: 'c', value: 10 },
        ]}
        zones={conditionZones((name) => name)}
        valueTitle="Pair rating"
        pairTitle="Pair"
      />,
    );
    expect(screen.getAllByTestId('network-node').map((node) => node.textContent)).toEqual(['Anna', 'Boris', 'Vera']);
    expect(screen.getAllByTestId('network-edge').map((edge) => edge.getAttribute('data-zone'))).toEqual(['excellent', 'bad', 'anxious']);
    expect(
      within(screen.getByTestId('chart-legend'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['depressed', 'bad', 'anxious', 'good', 'excellent']);
    const rows = within(screen.getByRole('table', { name: 'Pairs' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Anna — Boris85 (excellent)', 'Anna — Vera-30 (bad)', 'Boris — Vera10 (anxious)']);
  });
});
