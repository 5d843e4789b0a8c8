import { PARTNER_SUFFIX, toAnswerMap, type Answer, type AnswerValue, type LoveScores, type SlotSide } from '@teamcast/contracts';
import type { Grade, LovePerson, Specialist, Traits } from '@teamcast/engine';
import { gradeOf } from './outputs.ts';
import { workStyleOf } from './work-style.ts';

/** A stored profile as far as the engine's person is concerned: identity, scores and answers. */
export type PersonProfile = {
  id: string;
  age: number | null;
  gender: 'М' | 'Ж' | null;
  answers: readonly Answer[];
  competencies: number;
  professionalism: number;
  maturity: number;
  grade: Grade | null;
  /** Share of the questionnaire behind the scores (null before scoring stored it): widens the forecast's band. */
  scoreCompleteness?: number | null;
};

/**
 * What a forecast is about. Work (work pairs, team checks, the simulator, the comparison) judges the work: the person
 * carries no age, sex or family stability. Personal (love and friendship pairs, where the two people asked about each
 * other) carries age, sex and family stability as well.
 */
export type PersonUse = 'work' | 'personal';

const numberOf = (value: AnswerValue | undefined): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};
const unit = (x: number): number => Math.min(1, Math.max(0, x));

/** Own business (С_Бизнес): never, tried and closed, runs one now. */
const BUSINESS: Record<string, number> = { Нет: 0, Пробовал: 0.5, Есть: 1 };

/**
 * Work traits from questionnaire answers (docs/forecast-model.md, section 1), each in [0, 1]. A trait whose question
 * was not answered is left out, which the engine reads as neutral (0.5).
 * - managerialExperience: years in managerial positions (С_Руков_Стаж) / 10;
 * - workExperience: years of work (С_Стаж) / 20;
 * - entrepreneurship: С_Бизнес no 0, tried 0.5, runs one 1;
 * - relocation: moves (С_Переезд: 0, 1, 2-3 as 2, more as 4) / 3.
 */
function workTraits(map: Map<string, AnswerValue>): Partial<Traits> {
  const traits: Partial<Traits> = {};
  const managerial = numberOf(map.get('С_Руков_Стаж'));
  const work = numberOf(map.get('С_Стаж'));
  const moves = numberOf(map.get('С_Переезд'));
  const business = map.get('С_Бизнес');
  if (managerial !== undefined) traits.managerialExperience = unit(managerial / 10);
  if (work !== undefined) traits.workExperience = unit(work / 20);
  if (typeof business === 'string' && business in BUSINESS) traits.entrepreneurship = BUSINESS[business];
  if (moves !== undefined) traits.relocation = unit(moves / 3);
  return traits;
}

/**
 * familyStability (personal use only): living with a partner (С_Проживание) counts 0.5 plus up to 0.3 for years
 * together (С_Партнёр_Стаж / 10 × 0.3) and 0.2 with children (С_Дети > 0); living alone or with others 0.25, plus 0.2
 * with children; left out (neutral) for 'no answer'.
 */
function familyStabilityOf(map: Map<string, AnswerValue>): number | undefined {
  const living = map.get('С_Проживание');
  if (typeof living !== 'string' || !['Один', 'Партнёр', 'Родители', 'Друзья'].includes(living)) return undefined;
  const children = numberOf(map.get('С_Дети'));
  const years = numberOf(map.get('С_Партнёр_Стаж')) ?? 0;
  const base = living === 'Партнёр' ? 0.5 + 0.3 * unit(years / 10) : 0.25;
  return unit(base + (children !== undefined && children > 0 ? 0.2 : 0));
}

/**
 * The one way a stored, scored profile becomes the engine's person, for pairs, team checks, the simulator and the
 * comparison alike, so the same people get the same forecast everywhere. The grade is the stored one, or (for a
 * profile scored before grades were stored) the scoring model's own rule on the stored K, P, L. A work person carries
 * no age, sex or family stability, so no work output can read them. A work person carries his work style (the scales
 * he answered; the others read as the reference population's) and a completeness that is the mean of the career
 * record's (the scoring's) and the work-style block's, so a profile answered before the block existed gets a wider
 * band. Love and friendship persons carry no work style and the scoring's completeness, as before.
 */
export function enginePersonOf(profile: PersonProfile, use: PersonUse): Specialist {
  const map = toAnswerMap(profile.answers);
  const scores = { competencies: profile.competencies, professionalism: profile.professionalism, maturity: profile.maturity };
  const person: Specialist = {
    id: profile.id,
    k: scores.competencies,
    p: scores.professionalism,
    l: scores.maturity,
    grade: profile.grade ?? gradeOf(scores),
    traits: workTraits(map),
    ...(profile.scoreCompleteness !== undefined && profile.scoreCompleteness !== null ? { completeness: profile.scoreCompleteness } : {}),
  };
  if (use === 'work') {
    const style = workStyleOf(profile.answers);
    return { ...person, workStyle: style.style, completeness: ((profile.scoreCompleteness ?? 1) + style.completeness) / 2 };
  }
  const familyStability = familyStabilityOf(map);
  return {
    ...person,
    ...(profile.age !== null ? { age: profile.age } : {}),
    ...(profile.gender !== null ? { gender: profile.gender } : {}),
    traits: { ...person.traits, ...(familyStability !== undefined ? { familyStability } : {}) },
  };
}

/** What the love model reads of a stored love or couple profile. */
export type LoveProfile = { id: string; gender: 'М' | 'Ж' | null; loveScores: LoveScores | null; answers: readonly Answer[] };

/**
 * The one way a love or couple profile's person becomes the love model's person (docs/love-model.md, section 3):
 * the person's three love scores and their completeness, the age (a love profile's from its birth date, a couple's
 * from its 'both' age question) and gender for display. A couple's partner gets an id of his own, so a couple can
 * fill both slots. Nothing of a work profile is read: work profiles take no part in LOVE or FRIEND.
 */
export function lovePersonOf(profile: LoveProfile, side: SlotSide, age: number | null): LovePerson {
  const scores = profile.loveScores?.people[side === 'partner' ? 1 : 0];
  if (!scores) throw new Error(`profile ${profile.id} has no love scores for its ${side} side`);
  const gender = side === 'self' ? profile.gender : toAnswerMap(profile.answers).get(`С_Пол${PARTNER_SUFFIX}`);
  return {
    id: side === 'partner' ? `${profile.id}:partner` : profile.id,
    intimacy: scores.intimacy,
    passion: scores.passion,
    commitment: scores.commitment,
    completeness: scores.completeness,
    ...(age !== null ? { age } : {}),
    ...(gender === 'М' || gender === 'Ж' ? { gender } : {}),
  };
}
