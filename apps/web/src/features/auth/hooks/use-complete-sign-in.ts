import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SecondFactorChallenge, SignInResult, SignInStep } from '@teamcast/contracts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import type { AuthSurface } from '../surfaces.ts';

/** `?next=` when it is a path of this site, never another origin. */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * Keeps the new session for the role and goes to `?next=`, else the role's home. A sign-in that answers a second
 * step instead keeps it in `secondStep`, for the page to show until the step gives the session.
 */
export function useCompleteSignIn(surface: AuthSurface) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [secondStep, setSecondStep] = useState<SecondFactorChallenge | null>(null);
  const target = safeNext(search.get('next')) ?? surface.paths.home;
  const signedIn = (result: SignInResult, to: string = target) => {
    setSecondStep(null);
    authStore.set(surface.role, { token: result.token, subjectId: result.id });
    void navigate(to, { replace: true });
  };
  return {
    target,
    secondStep,
    /** Back from the second step to the first. */
    restart: () => setSecondStep(null),
    signedIn,
    complete: (result: SignInStep, to: string = target) => {
      if ('challenge' in result) setSecondStep(result);
      else signedIn(result, to);
    },
  };
}
