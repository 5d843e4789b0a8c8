import { hasContent, type Profile, type ProfileLinkView, type ProfileSummary, type QuestionnaireDefinition, type SpecialistMood } from '@teamcast/contracts';
import type { ProfileUsage } from './profile-usage.ts';
import type { ProfileDetailRow, ProfileRow, ProfileSummaryRow } from './profiles.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A profile's stored scores as the API shows them (the owner's card, the person's own page). */
export function presentScores(row: ProfileSummaryRow): ProfileSummary['scores'] {
  return {
    competencies: row.competencies,
    professionalism: row.professionalism,
    maturity: row.maturity,
    grade: row.grade,
    finalScore: row.finalScore,
    finalScorePrecise: row.finalScorePrecise,
    scoredAt: iso(row.scoredAt),
    completeness: row.scoreCompleteness,
    modelId: row.modelId,
    love: row.loveScores ?? null,
  };
}

/** What a plan without seeExpertise gets instead of the work scores: nothing of them (love scores are no work expertise). */
const WITHHELD_SCORES: Omit<ProfileSummary['scores'], 'love'> = {
  competencies: null,
  professionalism: null,
  maturity: null,
  grade: null,
  finalScore: null,
  finalScorePrecise: null,
  scoredAt: null,
  completeness: null,
  modelId: null,
};

/** A profile in the owner's list; `expertiseHidden` (the owner's plan) withholds the grade and every score. */
export function presentSummary(
  row: ProfileSummaryRow,
  mainProfileId: string | null,
  expertiseHidden: boolean,
  mood: SpecialistMood = 'unclear',
): ProfileSummary {
  const summary: ProfileSummary = {
    _id: row.id,
    kind: row.kind,
    firstName: row.firstName,
    lastName: row.lastName,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    partnerFirstName: row.partnerFirstName,
    partnerLastName: row.partnerLastName,
    email: row.email,
    phone: row.phone,
    position: row.position,
    age: row.age,
    gender: row.gender,
    state: row.state,
    hasContent: hasContent(row.kind, row),
    isDemo: row.isDemo,
    isShort: row.isShort,
    avatarName: row.avatarName,
    hideDetails: row.hideDetails,
    main: row.id === mainProfileId,
    expertise: row.grade,
    expertiseHidden: false,
    mood,
    scores: presentScores(row),
    linkRequestedAt: iso(row.linkRequestedAt),
    filledBy: row.filledBy,
    withdrawnAt: iso(row.withdrawnAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
  return expertiseHidden ? { ...summary, expertise: null, expertiseHidden: true, scores: { ...WITHHELD_SCORES, love: summary.scores.love } } : summary;
}

export function presentProfile(
  row: ProfileDetailRow,
  mainProfileId: string | null,
  usage: ProfileUsage,
  expertiseHidden: boolean,
  mood: SpecialistMood = 'unclear',
): Profile {
  return {
    ...presentSummary(row, mainProfileId, expertiseHidden, mood),
    ownerId: row.ownerId,
    permalink: row.permalink,
    linkExpiresAt: row.linkExpiresAt.toISOString(),
    birthDate: iso(row.birthDate),
    answers: row.answers,
    questionnaireId: row.questionnaireId,
    usage,
  };
}

/** What a visitor of the link sees; once the questionnaire is sent, an owner who hid the details keeps the answers to himself. */
export function presentLinkView(row: ProfileRow, questionnaire: QuestionnaireDefinition, companyName: string | null): ProfileLinkView {
  const detailsHidden = row.hideDetails && row.state === 'ack_a';
  return {
    kind: row.kind,
    isShort: row.isShort,
    state: row.state,
    locked: row.state === 'ack_a',
    firstName: row.firstName,
    lastName: row.lastName,
    partnerFirstName: row.partnerFirstName,
    partnerLastName: row.partnerLastName,
    birthDate: iso(row.birthDate),
    avatarName: row.avatarName,
    age: row.age,
    gender: row.gender,
    answers: detailsHidden ? [] : row.answers,
    detailsHidden,
    storedNeurons: row.storedNeurons,
    companyName,
    questionnaire,
  };
}
