import { SettingsPage } from './components/settings-page.tsx';

/** The account screens by route name (registered in app/pages.tsx). */
export const accountScreens = {
  'owner-settings': () => <SettingsPage variant="desktop" />,
  'owner-mobile-settings': () => <SettingsPage variant="owner" />,
  'love-mobile-settings': () => <SettingsPage variant="love" />,
};
