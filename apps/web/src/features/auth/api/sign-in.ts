import { useMutation } from '@tanstack/react-query';
import type { SignInStep } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import type { AuthSurface } from '../surfaces.ts';
import { passportEndpoints } from './passport-endpoints.ts';

/**
 * Password sign-in of the surface's role: owners and administrators give their e-mail, estimators a username or e-mail.
 * Answers a session or, for a user with a second factor, the second step.
 */
export function signInWithPassword(surface: AuthSurface, login: string, password: string): Promise<SignInStep> {
  if (surface.role === 'estimator') return apiCall(passportEndpoints.estimator.login, { body: { username: login, password } });
  return apiCall(passportEndpoints[surface.role].login, { body: { email: login, password } });
}

export const useSignInWithPassword = (surface: AuthSurface) =>
  useMutation({ mutationFn: ({ login, password }: { login: string; password: string }) => signInWithPassword(surface, login, password) });

/** Follows a mailed sign-in link. */
export const useSignInWithLink = (surface: AuthSurface) =>
  useMutation({ mutationFn: (token: string) => apiCall(passportEndpoints[surface.role].magicLogin, { params: { token } }) });

/** Asks for a sign-in link by mail; the answer is the same whether or not the address is registered. */
export const useRequestLoginLink = (surface: AuthSurface) =>
  useMutation({
    mutationFn: (username: string) =>
      apiCall(passportEndpoints[surface.role].loginLink, { body: { username, ln: currentLocale(), surface: surface.mailSurface } }),
  });
