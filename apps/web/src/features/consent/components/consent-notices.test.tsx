import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { initI18n } from '../../../shared/i18n/i18n.ts';
import { consentStore } from '../../../shared/ui/consent-store.ts';
import { ConsentNotices } from './consent-notices.tsx';

function renderNotices() {
  initI18n('en');
  return render(
    <MemoryRouter>
      <ConsentNotices />
    </MemoryRouter>,
  );
}

describe('consent notices', () => {
  it('shows the cookie and privacy notices until each is closed, and remembers closing', () => {
    const first = renderNotices();
    expect(screen.getByTestId('cookie-notice')).toBeTruthy();
    expect(screen.getByTestId('privacy-notice')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByTestId('cookie-notice')).toBeNull();
    expect(screen.getByTestId('privacy-notice')).toBeTruthy();
    first.unmount();

    renderNotices();
    expect(screen.queryByTestId('cookie-notice')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('privacy-notice')).toBeNull();
    expect(JSON.parse(localStorage.getItem('teamcast.consent')!)).toMatchObject({ cookiesClosed: true, privacyClosed: true });
  });

  it('keeps analytics off until the visitor turns it on', () => {
    renderNotices();
    const toggle = screen.getByTestId('analytics-consent') as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(consentStore.get().analytics).toBe(false);
    fireEvent.click(toggle);
    expect(consentStore.get().analytics).toBe(true);
  });
});
