import { useMutation } from '@tanstack/react-query';
import { loveSignupEndpoint, ownerJoinRequestEndpoint, ownerSignupEndpoint, ownerVerifyEndpoint, ownerSelfPatchEndpoint } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import type { AuthSurface } from '../surfaces.ts';

export type SignupInput = { email: string; companyName: string; privacyPolicy: true; personalData: true };

/**
 * Owner sign-up, the love variant without a company. The answer is the same whether or not the address is registered:
 * the mailed link proves the address, signs in and asks for a password.
 */
export const useSignUp = (surface: AuthSurface) =>
  useMutation({
    mutationFn: ({ companyName, ...input }: SignupInput) =>
      surface.love
        ? apiCall(loveSignupEndpoint, { body: { ...input, ln: currentLocale() } })
        : apiCall(ownerSignupEndpoint, { body: { ...input, companyName, ln: currentLocale(), surface: surface.mailSurface } }),
  });

/** A sign-up request without a password: the mailed link completes the registration. */
export const useJoinRequest = (surface: AuthSurface) =>
  useMutation({
    mutationFn: (input: { email: string; companyName: string; privacyPolicy: true; personalData: true }) =>
      apiCall(ownerJoinRequestEndpoint, { body: { ...input, ln: currentLocale(), surface: surface.mailSurface } }),
  });

/** Follows a verification (or registration) link: verifies the address and signs in. */
export const useVerifyEmail = () => useMutation({ mutationFn: (token: string) => apiCall(ownerVerifyEndpoint, { body: { token } }) });

/** Chooses the password after the link that first proved the address (the owner is signed in by then, without one). */
export const useChooseFirstPassword = () =>
  useMutation({ mutationFn: (body: { password: string; repeatPassword: string }) => apiCall(ownerSelfPatchEndpoint, { body }) });
