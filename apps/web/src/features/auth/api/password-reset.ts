import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api/client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import type { AuthSurface } from '../surfaces.ts';
import { passportEndpoints } from './passport-endpoints.ts';

type ResettingRole = 'owner' | 'estimator';

/** Mails a password reset link (owners and estimators). */
export const useRequestPasswordReset = (surface: AuthSurface & { role: ResettingRole }) =>
  useMutation({
    mutationFn: (username: string) =>
      apiCall(passportEndpoints[surface.role].forgotPassword, { body: { username, ln: currentLocale(), surface: surface.mailSurface } }),
  });

/** Sets the new password from a reset link; every session of the user ends. */
export const useResetPassword = (surface: AuthSurface & { role: ResettingRole }) =>
  useMutation({
    mutationFn: (body: { token: string; password: string; repeatPassword: string }) => apiCall(passportEndpoints[surface.role].passwordReset, { body }),
  });
