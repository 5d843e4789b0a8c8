import type { Role } from '@teamcast/contracts';

/** Each route belongs to one domain (spec section 2). */
export type Domain =
  | 'public'
  | 'faq'
  | 'scene'
  | 'owner'
  | 'estimator'
  | 'dashboard'
  | 'enterprise'
  | 'loveMobile'
  | 'ownerMobile'
  | 'subscription'
  | 'administrator'
  | 'questionnaire';

/** Whose sign-in a domain uses; public domains have none. */
export const domainRole: Record<Domain, Role | null> = {
  public: null,
  faq: null,
  enterprise: null,
  questionnaire: null,
  owner: 'owner',
  dashboard: 'owner',
  scene: 'owner',
  subscription: 'owner',
  ownerMobile: 'owner',
  loveMobile: 'owner',
  estimator: 'estimator',
  administrator: 'administrator',
};

/** The login route of a domain: love-mobile-login, owner-mobile-login, or {domain}-login (owner's for its sub-domains). */
export function loginRouteName(domain: Domain): string | null {
  if (domain === 'loveMobile') return 'love-mobile-login';
  if (domain === 'ownerMobile') return 'owner-mobile-login';
  const role = domainRole[domain];
  return role ? `${role}-login` : null;
}
