import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  CAPABILITIES,
  PLANS,
  PRODUCT_CAPABILITIES,
  PRODUCT_ORDER,
  productTexts,
  rulesOfPlan,
  unlockingProduct,
  type GateServerMessage,
  type Product,
} from '@teamcast/contracts';
import { initI18n } from '../i18n/i18n.ts';
import { ACCESS_RULES_KEY } from './access-rules.ts';
import { CapabilityLock } from './capability-lock.tsx';
import { OwnerAccessSync } from './owner-access-sync.tsx';

/* The gate's pushes, delivered by hand: useGateEvent registers here instead of on a socket. */
const pushHandlers = new Map<string, (message: GateServerMessage) => void>();
vi.mock('../gate/gate.ts', () => ({
  useGateEvent: (type: string, handler: (message: GateServerMessage) => void) => void pushHandlers.set(type, handler),
}));

/* The notifications shown, recorded instead of drawn. */
const shown = vi.hoisted(() => [] as string[]);
vi.mock('../ui/notify.ts', () => ({ notify: { warning: (message: string) => void shown.push(message) } }));

const planOf = (product: Product) => PLANS.find((plan) => plan.product === product)!;

function renderWith(client: QueryClient, node: ReactNode) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function clientOn(product: Product): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(ACCESS_RULES_KEY, rulesOfPlan(planOf(product).id, true));
  return client;
}

afterEach(cleanup);

describe('every gated control reads the capability table', () => {
  // Each case reads English plan names; the alert cases below switch the language, and tests run in any order.
  beforeEach(async () => {
    await initI18n('en').changeLanguage('en');
  });
  // Generated from the table: adding a capability or a product adds its cases here.
  for (const product of PRODUCT_ORDER) {
    for (const capability of CAPABILITIES) {
      const included = PRODUCT_CAPABILITIES[product][capability];
      it(`${product} × ${capability}: ${included ? 'open' : 'locked, naming the plan that includes it'}`, () => {
        renderWith(clientOn(product), <CapabilityLock capability={capability} />);
        const lock = screen.queryByTestId(`lock-${capability}`);
        if (included) {
          expect(lock).toBeNull();
          return;
        }
        expect(lock).not.toBeNull();
        const unlock = unlockingProduct(capability);
        if (unlock === null) {
          expect(lock!.textContent).toContain('Not available on any plan yet');
          return;
        }
        expect(PRODUCT_CAPABILITIES[unlock][capability]).toBe(true);
        const link = screen.getByTestId('unlock-link');
        expect(link.getAttribute('href')).toBe(`/owner/subscription?plan=${unlock}`);
        expect(lock!.textContent).toContain(productTexts[unlock].en.title);
      });
    }
  }

  it('lifts a lock when the server pushes new rules, and refetches what the plan hides, without a reload', async () => {
    const client = clientOn('none');
    const profiles = vi.fn(async () => ({ items: [] }));
    client.setQueryData(['profiles', 'list', {}], { items: [] });
    client.setQueryDefaults(['profiles'], { queryFn: profiles });
    renderWith(
      client,
      <>
        <OwnerAccessSync />
        <CapabilityLock capability="seeExpertise" />
      </>,
    );
    expect(screen.getByTestId('lock-seeExpertise')).toBeTruthy();
    const basic = rulesOfPlan('LITE_1M', true);
    act(() => pushHandlers.get('syncAccessRules')!({ type: 'syncAccessRules', payload: basic }));
    await waitFor(() => expect(screen.queryByTestId('lock-seeExpertise')).toBeNull());
    expect(client.getQueryData(ACCESS_RULES_KEY)).toEqual(basic);
    expect(client.getQueryState(['profiles', 'list', {}])?.isInvalidated).toBe(true);
  });
});

describe('a monitor alert pushed by the gate', () => {
  it('shows a notification in the reader language and makes the monitor list read again', async () => {
    for (const [locale, text] of [
      ['en', "Sales: the check-ins fell below the forecast's band two months running (2026-10, 2026-11). See the monitor."],
      ['ru', '«Sales»: ответы команды два месяца подряд ниже коридора прогноза (2026-10, 2026-11). Откройте монитор.'],
    ] as const) {
      await initI18n(locale).changeLanguage(locale);
      shown.length = 0;
      const client = clientOn('monitor');
      client.setQueryData(['monitor', 'list'], { items: [] });
      renderWith(client, <OwnerAccessSync />);
      act(() =>
        pushHandlers.get('monitorAlert')!({
          type: 'monitorAlert',
          payload: { monitorId: 'm1', title: 'Sales', kind: 'below', months: ['2026-10', '2026-11'] },
        }),
      );
      expect(shown).toEqual([text]);
      expect(client.getQueryState(['monitor', 'list'])?.isInvalidated).toBe(true);
      cleanup();
    }
  });

  it('names the months a change dropped the forecast into the bad band, in the reader language', async () => {
    for (const [locale, text] of [
      ['en', 'Sales: after the latest change the forecast dropped into the bad band (2027-01, 2027-02). See the monitor.'],
      ['ru', '«Sales»: после последнего изменения прогноз опустился в плохую зону (2027-01, 2027-02). Откройте монитор.'],
    ] as const) {
      await initI18n(locale).changeLanguage(locale);
      shown.length = 0;
      renderWith(clientOn('monitor'), <OwnerAccessSync />);
      act(() =>
        pushHandlers.get('monitorAlert')!({
          type: 'monitorAlert',
          payload: { monitorId: 'm1', title: 'Sales', kind: 'forecast', months: ['2027-01', '2027-02'] },
        }),
      );
      expect(shown).toEqual([text]);
      cleanup();
    }
  });
});
