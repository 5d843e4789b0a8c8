import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ownerSelfDeleteEndpoint, ownerSelfPatchEndpoint, ownerVerificationLinkEndpoint, type PasswordChange, type Surface } from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { currentLocale } from '../../../shared/i18n/i18n.ts';
import { ownerSelfQuery } from './owner-self.ts';

/** Changes the owner's password, optionally ending his other sessions. */
export const useChangePassword = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => apiCall(ownerSelfPatchEndpoint, { body }),
    onSuccess: () => client.invalidateQueries(ownerSelfQuery),
  });
};

/** Deletes the owner's account and everything in it; the session ends with it. */
export const useDeleteAccount = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: string) => apiCall(ownerSelfDeleteEndpoint, { body: { confirmation } }),
    onSuccess: () => {
      authStore.clear('owner');
      client.clear();
    },
  });
};

/** Mails a new verification link to the signed-in owner. */
export const useResendVerification = (surface: Surface) =>
  useMutation({ mutationFn: () => apiCall(ownerVerificationLinkEndpoint, { body: { ln: currentLocale(), surface } }) });
