import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setHostInfoForTests } from '../shared/ui/host-info.ts';
import { renderApp } from '../test/render-app.tsx';

afterEach(() => setHostInfoForTests(null));

describe('host variants', () => {
  it('sends visitors of a love host from / into the love-mobile app, titled with the love title', async () => {
    setHostInfoForTests({ variant: 'love', title: 'Flame by Teamcast', supportEmail: 'help@flame.example', locale: null });
    const { router } = renderApp('/', 'en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/love-mobile/login'));
    await waitFor(() => expect(document.title).toContain('Flame by Teamcast'));
  });

  it('shows the landing with the host title and support contact on an ordinary host', async () => {
    setHostInfoForTests({ variant: 'default', title: 'Teamcast', supportEmail: 'help@teamcast.example', locale: 'en' });
    const { router } = renderApp('/', 'en');
    expect(await screen.findByTestId('landing-page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByTestId('site-title').textContent).toBe('Teamcast');
    expect(screen.getByRole('link', { name: 'help@teamcast.example' })).toBeTruthy();
  });

  it('shows the FAQ and a help topic with the picture of the host variant', async () => {
    setHostInfoForTests({ variant: 'love', title: 'Flame by Teamcast', supportEmail: 'help@flame.example', locale: null });
    renderApp('/help/pair', 'en');
    const picture = (await screen.findByRole('img')) as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe('/help/love/pair.svg');
    renderApp('/faq', 'ru');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вопросы и ответы' })).toBeTruthy();
  });

  it.each([
    ['ru', 'Для компаний', 'Для оценщиков'],
    ['en', 'For companies', 'For estimators'],
  ] as const)(
    'frames the flame onboarding on the work host as the love product (%s): its title, no business sections',
    async (locale, enterprise, estimators) => {
      setHostInfoForTests({ variant: 'default', title: 'Teamcast', supportEmail: 'help@teamcast.example', locale });
      renderApp('/flame-mobile', locale);
      const title = await screen.findByTestId('site-title');
      await waitFor(() => expect(title.textContent).toBe('Flame by Teamcast'));
      expect(title.getAttribute('href')).toBe('/flame-mobile');
      expect(screen.queryByRole('link', { name: enterprise })).toBeNull();
      expect(screen.queryByRole('link', { name: estimators })).toBeNull();
      expect(document.body.textContent).not.toContain('© Teamcast');
    },
  );

  it("keeps the work frame on the work host's own public pages", async () => {
    setHostInfoForTests({ variant: 'default', title: 'Teamcast', supportEmail: 'help@teamcast.example', locale: 'ru' });
    renderApp('/faq', 'ru');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вопросы и ответы' })).toBeTruthy();
    expect(screen.getByTestId('site-title').textContent).toBe('Teamcast');
    expect(screen.getByRole('link', { name: 'Для компаний' })).toBeTruthy();
  });
});
