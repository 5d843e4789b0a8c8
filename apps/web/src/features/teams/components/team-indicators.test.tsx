import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { RANKED_KEYS, type Locale, type SceneDatasetBand } from '@teamcast/contracts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { findRawFloats } from '../../../shared/format/number.ts';
import type { TeamDataset } from '../api/scene-run.ts';
import { sceneOf } from './teams-test-support.tsx';
import { TeamIndicators } from './team-indicators.tsx';

const band: SceneDatasetBand = {
  samples: 16,
  microclimate: { p10: [10, 12.345678], p90: [30, 44.4444] },
  basePower: { p10: 200.123456, p90: 215.987654 },
  totalStatisticPower: { p10: 150, p90: 170 },
  cohesion: { p10: 60.55555, p90: 71.11111 },
  performance: { p10: 50, p90: 60 },
  teamingEffect: { p10: 10.123, p90: 22.777 },
  draws: Object.fromEntries(RANKED_KEYS.map((key) => [key, [1, 2]])) as SceneDatasetBand['draws'],
};

// A summary as a published model could leave it: long floats everywhere.
const dataset: TeamDataset = {
  startDay: '2026-01-05',
  summary: sceneOf('x', 'x', {
    basePower: 208.9358549105566,
    peakPower: 179.8123,
    totalStatisticPower: 160.5,
    cohesion: 39.83585491055658,
    microclimate: 28.123456,
    teamingEffect: 17.456789,
    orientation: 'ПЛК',
    competencies: { k: 57.5, p: 62.75, l: 48.333333 },
  }).summary!,
  renderDays: [0, 30],
  firstDay: 0,
  teamColumns: { microclimate: [10, 20] },
  band,
};

function renderIn(locale: Locale) {
  initI18n(locale);
  return render(
    <MantineProvider>
      <TeamIndicators dataset={dataset} showTips />
    </MantineProvider>,
  );
}

/** Every text node of an element, apart: textContent runs neighbours together ('57.5' and a tick '0' read as 57.50). */
function texts(element: HTMLElement): string {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const out: string[] = [];
  while (walker.nextNode()) out.push(walker.currentNode.textContent ?? '');
  return out.join(' ');
}

const value = (id: string) => screen.getByTestId(`indicator-${id}-value`).textContent;
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('TeamIndicators', () => {
  it('shows every number formatted for English with the catalogue labels, captions, K/P/L letters and bands', () => {
    const { unmount } = renderIn('en');
    expect(value('basePower')).toBe('208.9');
    expect(value('cohesion')).toBe('39.8');
    expect(value('teamingEffect')).toBe('+17.5%');
    expect(value('orientation')).toBe('PLK');
    expect(screen.getByTestId('indicator-basePower').textContent).toContain('Team capability');
    expect(screen.getByTestId('indicator-peakPower').textContent).toContain('never above its capability');
    expect(screen.getByTestId('indicator-cohesion-band').textContent).toBe('In 8 cases out of 10: 60.6 – 71.1');
    expect(screen.getByTestId('indicator-atmosphere-band').textContent).toBe('In 8 cases out of 10: 12.3 – 44.4');
    const bars = within(screen.getByTestId('competence-bars'));
    for (const letter of ['K', 'P', 'L']) expect(bars.getByText(new RegExp(`\\(${letter}\\)$`))).toBeTruthy();
    expect(bars.getByText('62.8')).toBeTruthy();
    expect(findRawFloats(texts(screen.getByTestId('team-indicators')))).toEqual([]);
    unmount();
  });

  it('shows them for Russian readers with a decimal comma and К/П/Л', () => {
    renderIn('ru');
    expect(value('basePower')).toBe('208,9');
    expect(plain(value('teamingEffect'))).toBe('+17,5 %');
    expect(value('orientation')).toBe('ПЛК');
    expect(screen.getByTestId('indicator-basePower').textContent).toContain('Потенциал команды');
    const bars = within(screen.getByTestId('competence-bars'));
    for (const letter of ['К', 'П', 'Л']) expect(bars.getByText(new RegExp(`\\(${letter}\\)$`))).toBeTruthy();
    expect(bars.getByText('57,5')).toBeTruthy();
    expect(findRawFloats(texts(screen.getByTestId('team-indicators')))).toEqual([]);
  });
});
