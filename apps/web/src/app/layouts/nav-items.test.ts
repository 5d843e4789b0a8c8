import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/i18n/i18n.ts';
import { routeByName } from '../routes.ts';
import { ownerMenu, ownerMobileFooter } from './nav-items.ts';

describe('owner menu', () => {
  it('lists the sections of spec section 2 in order, the monitor among them, open', () => {
    const labels = ownerMenu.map((item) => item.labelKey.replace('dashboard:menu.', ''));
    expect(labels.filter((label) => label !== 'routes.owner-subscription')).toEqual([
      'home',
      'pair',
      'team',
      'simulator',
      'compare',
      'profiles',
      'monitor',
      'faq',
      'info',
      'guide',
      'changePassword',
      'secondFactor',
      'deleteAccount',
      'signOut',
    ]);
    expect(ownerMenu.find((item) => item.labelKey.endsWith('monitor'))).toEqual({ route: 'owner-monitor', labelKey: 'dashboard:menu.monitor' });
    expect(resources.en.dashboard!.menu).toMatchObject({ monitor: 'Monitor' });
  });

  it('points every entry at a route of the table', () => {
    for (const item of ownerMenu) expect(() => routeByName(item.route)).not.toThrow();
  });
});

describe('owner phone footer', () => {
  it('has the team check tab beside compatibility, profiles and settings', () => {
    expect(ownerMobileFooter.map((item) => item.route)).toEqual(['owner-mobile-p2p', 'owner-mobile-team', 'owner-mobile-profiles', 'owner-mobile-settings']);
    for (const item of ownerMobileFooter) expect(() => routeByName(item.route)).not.toThrow();
  });
});
