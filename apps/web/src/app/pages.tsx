import type { ComponentType } from 'react';
import type { accountScreens } from '../features/account/screens.tsx';
import type { authScreens } from '../features/auth/screens.tsx';

/** A screen whose code is fetched as its own chunk the first time its route opens. */
export type LazyScreen = { load: () => Promise<ComponentType>; mantine: boolean; namespaces?: string[] };
export type Screen = ComponentType | LazyScreen;

/**
 * A screen loaded on demand. Screens built with Mantine get Mantine's stylesheet loaded with them; `light` screens
 * (plain CSS, the public pages that must stay small) do not. A screen gets the namespaces `namespaces` names (beside
 * the frame's) before it shows; a Mantine screen that names none gets every namespace.
 */
export const lazyScreen = (load: () => Promise<ComponentType>, options: { light?: boolean; namespaces?: string[] } = {}): LazyScreen => ({
  load,
  mantine: !options.light,
  namespaces: options.namespaces,
});

/**
 * The screen of each route name; a route without one shows the plain 'not built yet' page. Prefer `lazyScreen`, so
 * a screen's code (and Mantine) is not part of the first load of public pages.
 */
type AuthRoute = keyof typeof authScreens;
type AccountRoute = keyof typeof accountScreens;
const authScreen = (name: AuthRoute) => lazyScreen(() => import('../features/auth/screens.tsx').then((m) => m.authScreens[name]));
const accountScreen = (name: AccountRoute) => lazyScreen(() => import('../features/account/screens.tsx').then((m) => m.accountScreens[name]));
const authRoutes: AuthRoute[] = [
  'owner-login',
  'owner-magic-link',
  'owner-first-signup',
  'owner-registration',
  'owner-mobile-login',
  'owner-mobile-magic-link',
  'owner-mobile-first-signup',
  'owner-mobile-registration',
  'love-mobile-login',
  'love-mobile-magic-link',
  'love-mobile-first-signup',
  'love-mobile-registration',
  'estimator-login',
  'estimator-magic-link',
  'estimator-password-reset',
  'administrator-login',
];

export const pages: Partial<Record<string, Screen>> = {
  ...Object.fromEntries(authRoutes.map((name) => [name, authScreen(name)])),
  'owner-settings': accountScreen('owner-settings'),
  'owner-mobile-settings': accountScreen('owner-mobile-settings'),
  'love-mobile-settings': accountScreen('love-mobile-settings'),
  landing: lazyScreen(() => import('../features/site/components/landing-page.tsx').then((m) => m.LandingPage), { light: true, namespaces: ['landing'] }),
  faq: lazyScreen(() => import('../features/help/components/faq-page.tsx').then((m) => m.FaqPage), { light: true, namespaces: ['help'] }),
  help: lazyScreen(() => import('../features/help/components/help-page.tsx').then((m) => m.HelpPage), { light: true, namespaces: ['help'] }),
  'owner-faq': lazyScreen(() => import('../features/help/components/faq-page.tsx').then((m) => () => <m.FaqPage helpPath="/owner/help" />), {
    light: true,
    namespaces: ['help'],
  }),
  'owner-help': lazyScreen(() => import('../features/help/components/help-page.tsx').then((m) => () => <m.HelpPage helpPath="/owner/help" />), {
    light: true,
    namespaces: ['help'],
  }),
  enterprise: lazyScreen(() => import('../features/site/components/enterprise-page.tsx').then((m) => m.EnterprisePage), {
    light: true,
    namespaces: ['landing'],
  }),
  'owner-subscription': lazyScreen(() => import('../features/subscription/components/subscription-page.tsx').then((m) => m.SubscriptionPage)),
  'owner-dashboard': lazyScreen(() => import('../features/dashboard/components/dashboard-page.tsx').then((m) => m.DashboardPage)),
  'owner-dashboard-p2p': lazyScreen(() => import('../features/pairs/components/pair-page.tsx').then((m) => m.OwnerPairScreen)),
  'owner-mobile-p2p': lazyScreen(() => import('../features/pairs/components/pair-page.tsx').then((m) => m.OwnerMobilePairScreen)),
  'owner-teams': lazyScreen(() => import('../features/teams/components/team-list-page.tsx').then((m) => m.TeamListPage)),
  'owner-team': lazyScreen(() => import('../features/simulator/components/simulator-page.tsx').then((m) => m.SimulatorPage)),
  'owner-dashboard-team': lazyScreen(() => import('../features/teams/components/team-check-page.tsx').then((m) => m.OwnerTeamCheckScreen)),
  'owner-mobile-team': lazyScreen(() => import('../features/teams/components/team-check-page.tsx').then((m) => m.OwnerMobileTeamCheckScreen)),
  'owner-monitor': lazyScreen(() => import('../features/monitor/components/monitor-page.tsx').then((m) => m.MonitorPage)),
  'owner-mobile-monitor': lazyScreen(() => import('../features/monitor/components/monitor-page.tsx').then((m) => m.MonitorPage)),
  'check-in': lazyScreen(() => import('../features/monitor/components/check-in-page.tsx').then((m) => m.CheckInPage), { namespaces: ['monitor'] }),
  'owner-dashboard-compare-teams': lazyScreen(() => import('../features/teams/components/compare-teams-page.tsx').then((m) => m.CompareTeamsPage)),
  'love-mobile-p2p': lazyScreen(() => import('../features/pairs/components/pair-page.tsx').then((m) => m.LovePairScreen)),
  result: lazyScreen(() => import('../features/pairs/components/shared-result-page.tsx').then((m) => m.SharedResultPage), {
    light: true,
    namespaces: ['pairs'],
  }),
  'owner-profiles': lazyScreen(() => import('../features/profiles/components/profile-screens.tsx').then((m) => m.OwnerProfilesScreen)),
  'owner-profile': lazyScreen(() => import('../features/profiles/components/profile-screens.tsx').then((m) => m.OwnerProfileScreen)),
  'owner-mobile-profiles': lazyScreen(() => import('../features/profiles/components/profile-screens.tsx').then((m) => m.OwnerMobileProfilesScreen)),
  'owner-mobile-profile': lazyScreen(() => import('../features/profiles/components/profile-screens.tsx').then((m) => m.OwnerMobileProfileScreen)),
  'love-mobile-profiles': lazyScreen(() => import('../features/profiles/components/profile-screens.tsx').then((m) => m.LoveMobileProfilesScreen)),
  'love-mobile-profile': lazyScreen(() => import('../features/profiles/components/profile-screens.tsx').then((m) => m.LoveMobileProfileScreen)),
  'profile-questionnaire': lazyScreen(() => import('../features/questionnaire/components/link-questionnaire-page.tsx').then((m) => m.LinkQuestionnairePage), {
    light: true,
    namespaces: ['questionnaire'],
  }),
  'couple-questionnaire': lazyScreen(() => import('../features/questionnaire/components/link-questionnaire-page.tsx').then((m) => m.LinkQuestionnairePage), {
    light: true,
    namespaces: ['questionnaire'],
  }),
  person: lazyScreen(() => import('../features/person/components/person-page.tsx').then((m) => m.PersonPage), { light: true, namespaces: ['person'] }),
  'owner-link': lazyScreen(() => import('../features/questionnaire/components/link-questionnaire-page.tsx').then((m) => m.LinkQuestionnairePage), {
    light: true,
    namespaces: ['questionnaire'],
  }),
  'owner-mobile-link': lazyScreen(() => import('../features/questionnaire/components/link-questionnaire-page.tsx').then((m) => m.LinkQuestionnairePage), {
    light: true,
    namespaces: ['questionnaire'],
  }),
  'flame-mobile': lazyScreen(() => import('../features/questionnaire/components/flame-onboarding-page.tsx').then((m) => m.FlameOnboardingPage)),
  'flame-mobile-questionnaire': lazyScreen(() =>
    import('../features/questionnaire/components/flame-questionnaire-page.tsx').then((m) => m.FlameQuestionnairePage),
  ),
  'flame-mobile-result': lazyScreen(() => import('../features/questionnaire/components/flame-result-page.tsx').then((m) => m.FlameResultPage)),
  estimator: lazyScreen(() => import('../features/estimator/components/estimator-list-page.tsx').then((m) => m.EstimatorListPage)),
  'estimator-profile': lazyScreen(() => import('../features/estimator/components/estimator-profile-page.tsx').then((m) => m.EstimatorProfilePage)),
  'compare-profiles': lazyScreen(() => import('../features/estimator/components/compare-profiles-page.tsx').then((m) => m.CompareProfilesPage)),
  'administrator-owners': lazyScreen(() => import('../features/admin/components/companies-page.tsx').then((m) => m.CompaniesPage)),
  'administrator-estimators': lazyScreen(() => import('../features/admin/components/estimators-page.tsx').then((m) => m.EstimatorsPage)),
  'administrator-profiles': lazyScreen(() => import('../features/admin/components/profiles-page.tsx').then((m) => m.ProfilesPage)),
  'administrator-profile': lazyScreen(() => import('../features/admin/components/profile-page.tsx').then((m) => m.AdminProfilePage)),
  'administrator-questionnaires': lazyScreen(() => import('../features/admin/components/questionnaires-page.tsx').then((m) => m.QuestionnairesPage)),
  'administrator-questionnaire': lazyScreen(() => import('../features/admin/components/questionnaire-editor.tsx').then((m) => m.QuestionnaireEditorPage)),
  'administrator-neuronet': lazyScreen(() => import('../features/neuronet/components/neuronet-page.tsx').then((m) => m.NeuronetPage)),
  'administrator-mail': lazyScreen(() => import('../features/admin/components/outbox-page.tsx').then((m) => m.OutboxPage)),
  'administrator-mail-message': lazyScreen(() => import('../features/admin/components/mail-message-page.tsx').then((m) => m.MailMessagePage)),
  error: lazyScreen(() => import('../features/system/components/error-page.tsx').then((m) => m.ErrorPage)),
  'not-found': lazyScreen(() => import('../features/system/components/not-found-page.tsx').then((m) => m.NotFoundPage)),
};
