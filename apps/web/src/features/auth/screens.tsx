import { EstimatorPasswordResetPage } from './components/estimator-password-reset-page.tsx';
import { LoginPage } from './components/login-page.tsx';
import { MagicLinkPage } from './components/magic-link-page.tsx';
import { RegistrationPage } from './components/registration-page.tsx';
import { SignupPage } from './components/signup-page.tsx';
import { surfaces } from './surfaces.ts';

/** The sign-in screens of every app, by route name (registered in app/pages.tsx). */
export const authScreens = {
  'owner-login': () => <LoginPage surface={surfaces.owner} />,
  'owner-magic-link': () => <MagicLinkPage surface={surfaces.owner} />,
  'owner-first-signup': () => <SignupPage surface={surfaces.owner} />,
  'owner-registration': () => <RegistrationPage surface={surfaces.owner} />,
  'owner-mobile-login': () => <LoginPage surface={surfaces.ownerMobile} />,
  'owner-mobile-magic-link': () => <MagicLinkPage surface={surfaces.ownerMobile} />,
  'owner-mobile-first-signup': () => <SignupPage surface={surfaces.ownerMobile} />,
  'owner-mobile-registration': () => <RegistrationPage surface={surfaces.ownerMobile} />,
  'love-mobile-login': () => <LoginPage surface={surfaces.loveMobile} />,
  'love-mobile-magic-link': () => <MagicLinkPage surface={surfaces.loveMobile} />,
  'love-mobile-first-signup': () => <SignupPage surface={surfaces.loveMobile} />,
  'love-mobile-registration': () => <RegistrationPage surface={surfaces.loveMobile} />,
  'estimator-login': () => <LoginPage surface={surfaces.estimator} />,
  'estimator-magic-link': () => <MagicLinkPage surface={surfaces.estimator} />,
  'estimator-password-reset': EstimatorPasswordResetPage,
  'administrator-login': () => <LoginPage surface={surfaces.administrator} />,
};
