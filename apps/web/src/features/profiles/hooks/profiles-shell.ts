import type { QuestionnaireKind } from '@teamcast/contracts';

/** Where the profile screens run: owner desktop, owner mobile or love mobile. */
export type ProfilesShell = 'owner' | 'ownerMobile' | 'loveMobile';

const bases: Record<ProfilesShell, string> = { owner: '/owner/profiles', ownerMobile: '/owner-mobile/profiles', loveMobile: '/love-mobile/profiles' };

export const profilesPath = (shell: ProfilesShell) => bases[shell];
export const profilePath = (shell: ProfilesShell, id: string) => `${bases[shell]}/${encodeURIComponent(id)}`;

/** Kinds an owner may create in each shell. */
export const creatableKinds: Record<ProfilesShell, QuestionnaireKind[]> = {
  owner: ['standard', 'short', 'couple'],
  ownerMobile: ['standard', 'short', 'couple'],
  loveMobile: ['love', 'couple'],
};

/** The address a visitor fills the profile at: couples and love profiles on their questionnaire pages, others on the owner's link page. */
export function shareUrl(shell: ProfilesShell, kind: QuestionnaireKind, sharelink: string, origin = window.location.origin): string {
  const link = encodeURIComponent(sharelink);
  if (kind === 'couple') return `${origin}/couple-questionnaire?link=${link}`;
  if (kind === 'love') return `${origin}/profile-questionnaire?link=${link}`;
  return `${origin}${shell === 'ownerMobile' ? '/owner-mobile/link/' : '/owner/link/'}${link}`;
}

const LAST_OPENED = 'teamcast.profiles.lastOpened.';

/** The list remembers the last profile opened from it. */
export const lastOpened = {
  get: (shell: ProfilesShell) => localStorage.getItem(LAST_OPENED + shell),
  set: (shell: ProfilesShell, id: string) => localStorage.setItem(LAST_OPENED + shell, id),
};
