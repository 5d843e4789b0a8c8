import type { Role, Surface } from '@teamcast/contracts';

/** One app's sign-in pages: whose they are, where they live and where a signed-in user lands. */
export type AuthSurface = {
  key: 'owner' | 'ownerMobile' | 'loveMobile' | 'estimator' | 'administrator';
  role: Role;
  /** Which app mailed links return to (owners only). */
  mailSurface?: Surface;
  love?: boolean;
  paths: { login: string; home: string; magicLink?: string; signup?: string; registration?: string; passwordReset?: string };
};

export const surfaces = {
  owner: {
    key: 'owner',
    role: 'owner',
    mailSurface: 'desktop',
    paths: {
      login: '/owner/login',
      home: '/owner/dashboard',
      magicLink: '/owner/magic-link',
      signup: '/owner/first-signup',
      registration: '/owner/registration',
    },
  },
  ownerMobile: {
    key: 'ownerMobile',
    role: 'owner',
    mailSurface: 'ownerMobile',
    paths: {
      login: '/owner-mobile/login',
      home: '/owner-mobile/p2p',
      magicLink: '/owner-mobile/magic-link',
      signup: '/owner-mobile/first-signup',
      registration: '/owner-mobile/registration',
    },
  },
  loveMobile: {
    key: 'loveMobile',
    role: 'owner',
    mailSurface: 'loveMobile',
    love: true,
    paths: {
      login: '/love-mobile/login',
      home: '/love-mobile/p2p',
      magicLink: '/love-mobile/magic-link',
      signup: '/love-mobile/first-signup',
      registration: '/love-mobile/registration',
    },
  },
  estimator: {
    key: 'estimator',
    role: 'estimator',
    paths: { login: '/estimator/login', home: '/estimator', magicLink: '/estimator/magic-link', passwordReset: '/estimator/password-reset' },
  },
  administrator: { key: 'administrator', role: 'administrator', paths: { login: '/administrator-login', home: '/administrator/profiles' } },
} as const satisfies Record<string, AuthSurface>;
