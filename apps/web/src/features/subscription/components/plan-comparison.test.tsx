import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { CAPABILITIES, PRODUCT_CAPABILITIES, PRODUCT_ORDER } from '@teamcast/contracts';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { PlanComparison } from './plan-comparison.tsx';

afterEach(cleanup);

describe('plan comparison', () => {
  initI18n('en');
  it('shows each plan’s capabilities in the comparison exactly as the table says', () => {
    render(
      <MantineProvider>
        <PlanComparison />
      </MantineProvider>,
    );
    for (const capability of CAPABILITIES) {
      const cells = [...screen.getByTestId(`compare-${capability}`).querySelectorAll('td[data-product]')];
      expect(cells.map((cell) => [cell.getAttribute('data-product'), cell.getAttribute('data-value')])).toEqual(
        PRODUCT_ORDER.map((product) => [product, PRODUCT_CAPABILITIES[product][capability] ? 'yes' : 'no']),
      );
    }
  });

  it('sells the department-size team: 1,000 people per team on Simulator Pro, 300 on the Simulator plan', () => {
    render(
      <MantineProvider>
        <PlanComparison />
      </MantineProvider>,
    );
    const cells = [...screen.getByTestId('compare-teamSize').querySelectorAll('td')].slice(1).map((cell) => cell.textContent);
    expect(cells[PRODUCT_ORDER.indexOf('simulatorPro')]).toBe('1,000');
    expect(cells[PRODUCT_ORDER.indexOf('simulator')]).toBe('300');
    expect(cells[PRODUCT_ORDER.indexOf('basic')]).toBe('—');
  });
});
