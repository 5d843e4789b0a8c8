import { useNavigate, useSearchParams } from 'react-router';
import type { SignInResult } from '@teamcast/contracts';
import { authStore } from '../../../shared/auth/auth-store.ts';
import type { AuthSurface } from '../surfaces.ts';

/** `?next=` when it is a path of this site, never another origin. */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/** Keeps the new session for the role and goes to `?next=`, else the role's home. */
export function useCompleteSignIn(surface: AuthSurface) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = safeNext(search.get('next')) ?? surface.paths.home;
  return {
    target,
    complete: (result: SignInResult, to: string = target) => {
      authStore.set(surface.role, { token: result.token, subjectId: result.id });
      void navigate(to, { replace: true });
    },
  };
}
