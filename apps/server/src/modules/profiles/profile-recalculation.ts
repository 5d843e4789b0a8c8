import type { Step } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { deriveProfile } from './profile-derivation.ts';
import { profilesOfQuestionnaire, updateProfile } from './profiles.repository.ts';

/**
 * Re-derives formulas, age, gender and avatar of every completed profile answered with one of `versionIds`, with `steps`
 * (the questions of questionnaire version `questionnaireId`), and moves those profiles to that version. Answers are kept
 * as given. Returns the ids of the profiles it changed, for rescoring.
 */
export async function rederiveProfiles(db: Db, versionIds: string[], steps: Step[], questionnaireId: string): Promise<string[]> {
  const rows = (await Promise.all(versionIds.map((versionId) => profilesOfQuestionnaire(db, versionId)))).flat();
  for (const row of rows) {
    const derived = deriveProfile(steps, row.answers, row);
    await updateProfile(db, row.id, { ...derived, questionnaireId });
  }
  return rows.map((row) => row.id);
}
