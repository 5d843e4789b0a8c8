import crypto from 'node:crypto';
import { ageOn, checkAnswers, pickAvatar, profileFacts, PROFILE_LINK_TTL_DAYS, type Answer, type Gender, type Step } from '@teamcast/contracts';

/** A new share link: 144 random bits from the system's secure source, base64url. */
export function newPermalink(now = new Date()): { permalink: string; linkExpiresAt: Date } {
  return { permalink: crypto.randomBytes(18).toString('base64url'), linkExpiresAt: new Date(now.getTime() + PROFILE_LINK_TTL_DAYS * 86_400_000) };
}

type Derived = { answers: Answer[]; age: number | null; gender: Gender | null; avatarName: string | null };

/**
 * Formulas recomputed from the answers, age and gender read from them (age from the birth date when the questionnaire
 * has no age question), and the avatar chosen from age band and gender when both are known and none is set.
 */
export function deriveProfile(
  steps: Step[],
  answers: Answer[],
  current: { id: string; birthDate: Date | null; avatarName: string | null },
  now = new Date(),
): Derived {
  const checked = checkAnswers(steps, answers, { complete: false });
  const computed = checked.ok ? checked.answers : answers;
  const facts = profileFacts(computed);
  const age = facts.age ?? (current.birthDate ? ageOn(current.birthDate.toISOString(), now) : null);
  const avatarName = current.avatarName ?? (age !== null && facts.gender ? pickAvatar(age, facts.gender, current.id) : null);
  return { answers: computed, age, gender: facts.gender, avatarName };
}
