import crypto from 'node:crypto';
import { PARTNER_SUFFIX, pickAvatar, type AnswerValue } from '@teamcast/contracts';
import { normalizeActors, simulateScene, type Actor, type Grade } from '@teamcast/engine';
import type { Db } from '../../core/db.ts';
import { hashPassword } from '../../core/password.ts';
import { newPermalink } from '../profiles/profile-derivation.ts';
import { shippedQuestionnaires } from '../questionnaires/shipped-questionnaires.ts';
import {
  activeQuestionnaireId,
  insertEstimates,
  insertEstimator,
  insertOwners,
  insertProfiles,
  insertScene,
  ownerExists,
  scoredProfiles,
} from './demo.repository.ts';
import { DEMO_ESTIMATORS, generateLabels, generatePeople, type DemoPerson } from './demo-data.ts';
import { rescoreProfiles, scoreProfile } from '../scoring/scoring.service.ts';
import { enginePersonOf } from '../scoring/engine-person.ts';
import { seedDemoMonitor } from '../monitor/monitor.demo.ts';

export const DEMO_OWNER_EMAIL = 'demo-owner@teamcast.local';
/** Owner of the training profiles: never signs in (no password), keeps the demo owner's own list short. */
export const DEMO_DATASET_EMAIL = 'demo-dataset@teamcast.local';
export const demoEstimatorEmail = (index: number) => `demo-estimator-${index + 1}@teamcast.local`;

export type DemoOptions = { seed: number; people: number; labelled: number; ownerProfiles: number };
export const DEFAULT_DEMO: DemoOptions = { seed: 2026, people: 320, labelled: 260, ownerProfiles: 8 };

export type DemoCredentials = { email: string; password: string; role: 'owner' | 'estimator' };

const FIRST_NAMES = {
  М: ['Алексей', 'Дмитрий', 'Иван', 'Сергей', 'Андрей', 'Максим', 'Егор', 'Павел', 'Никита', 'Роман'],
  Ж: ['Анна', 'Елена', 'Мария', 'Ольга', 'Наталья', 'Дарья', 'Ирина', 'Светлана', 'Ксения', 'Юлия'],
};
const LAST_NAMES = {
  М: ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Новиков', 'Морозов', 'Волков', 'Лебедев', 'Козлов'],
  Ж: ['Иванова', 'Смирнова', 'Кузнецова', 'Попова', 'Васильева', 'Новикова', 'Морозова', 'Волкова', 'Лебедева', 'Козлова'],
};
const POSITIONS = [
  'Аналитик',
  'Разработчик',
  'Менеджер проектов',
  'Дизайнер',
  'Маркетолог',
  'Бухгалтер',
  'Инженер',
  'Руководитель отдела',
  'Юрист',
  'Продавец',
];

const password = () => crypto.randomBytes(12).toString('base64url');

function profileValues(person: DemoPerson, index: number, ownerId: string, questionnaireId: string | null, now: Date) {
  const id = crypto.randomUUID();
  const createdAt = new Date(now.getTime() - (index % 90) * 86_400_000 - index * 60_000);
  return {
    id,
    ownerId,
    kind: 'standard' as const,
    questionnaireId,
    state: 'ack_a' as const,
    firstName: FIRST_NAMES[person.gender][index % 10]!,
    lastName: LAST_NAMES[person.gender][Math.floor(index / 10) % 10]!,
    position: POSITIONS[index % POSITIONS.length]!,
    age: person.age,
    gender: person.gender,
    avatarName: pickAvatar(person.age, person.gender, id),
    isDemo: true,
    answers: person.answers,
    ...newPermalink(now),
    createdAt,
    updatedAt: createdAt,
    completedAt: createdAt,
  };
}

/**
 * Creates the demo data once: a demo owner with a few completed profiles, demo estimators, and a few hundred demo
 * training profiles whose estimators' labels follow the hidden rule plus bias and noise; then scores every profile.
 * Returns the new accounts' credentials, or null when demo data exists already. Every profile has isDemo set.
 */
export async function seedDemoData(db: Db, options: DemoOptions = DEFAULT_DEMO, now = new Date()): Promise<DemoCredentials[] | null> {
  if (await ownerExists(db, DEMO_OWNER_EMAIL)) return null;
  const credentials: DemoCredentials[] = [];
  const steps = shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps;
  const people = generatePeople(steps, options.people + options.ownerProfiles, options.seed);
  const questionnaireId = await activeQuestionnaireId(db, 'standard');

  const ownerPassword = password();
  const ownerId = crypto.randomUUID();
  const datasetId = crypto.randomUUID();
  await insertOwners(db, [
    { id: ownerId, email: DEMO_OWNER_EMAIL, companyName: 'Demo company', passwordHash: await hashPassword(ownerPassword), verifiedAt: now },
    { id: datasetId, email: DEMO_DATASET_EMAIL, companyName: 'Demo dataset', verifiedAt: now },
  ]);
  credentials.push({ role: 'owner', email: DEMO_OWNER_EMAIL, password: ownerPassword });

  const estimatorIds: string[] = [];
  for (const [index, estimator] of DEMO_ESTIMATORS.entries()) {
    const secret = password();
    const id = crypto.randomUUID();
    const email = demoEstimatorEmail(index);
    await insertEstimator(db, { id, email, username: email, name: estimator.name, information: 'Demo estimator', passwordHash: await hashPassword(secret) });
    estimatorIds.push(id);
    credentials.push({ role: 'estimator', email, password: secret });
  }

  const training = people.slice(0, options.people).map((person, index) => profileValues(person, index, datasetId, questionnaireId, now));
  const own = people.slice(options.people).map((person, index) => profileValues(person, index + options.people, ownerId, questionnaireId, now));
  await insertProfiles(db, [...training, ...own]);

  const labels = generateLabels(people.slice(0, options.people), options.labelled, options.seed);
  const estimates = labels.map((label) => ({
    estimatorId: estimatorIds[label.estimator]!,
    profileId: training[label.person]!.id,
    assignedAt: now,
    viewedAt: now,
    score: label.score,
    ratedAt: now,
    ...label.precise,
    preciseRatedAt: now,
    updatedAt: now,
  }));
  await insertEstimates(db, estimates);
  await rescoreProfiles(db);
  const team = await insertDemoTeam(db, ownerId, own.slice(0, 4), now);
  await insertDemoMonitor(db, ownerId, team, options.seed, now);
  await insertDemoLove(db, ownerId, now);
  return credentials;
}

/** The demo love profiles: two people who filled the love questionnaire and one couple, for the love variant's example. */
const DEMO_LOVE: Array<{
  kind: 'love' | 'couple';
  firstName: string;
  partnerFirstName?: string;
  gender: 'М' | 'Ж';
  birthDate?: string;
  answers: Record<string, AnswerValue>;
}> = [
  {
    kind: 'love',
    firstName: 'Мария',
    gender: 'Ж',
    birthDate: '1995-06-12T00:00:00.000Z',
    answers: {
      С_Пол: 'Ж',
      Л_Место_Знакомства: 'Друзья',
      Л_Интересы: ['Путешествия', 'Кино', 'Кулинария'],
      Л_Баланс: 6,
      Л_Выходные: 'Природа',
      Л_Расстояние: 'Город',
      Л_Время_Вместе: 25,
      Л_Притяжение: 8,
      Л_Язык_Любви: 'Время',
      Л_Испытание: 'Быт',
      Л_Второй_Шанс: 'Да',
    },
  },
  {
    kind: 'love',
    firstName: 'Павел',
    gender: 'М',
    birthDate: '1992-02-03T00:00:00.000Z',
    answers: {
      С_Пол: 'М',
      Л_Место_Знакомства: 'Интернет',
      Л_Интересы: ['Спорт', 'Путешествия'],
      Л_Баланс: 4,
      Л_Выходные: 'Активно',
      Л_Расстояние: 'Город',
      Л_Время_Вместе: 15,
      Л_Притяжение: 7,
      Л_Язык_Любви: 'Прикосновения',
      Л_Испытание: 'Деньги',
      Л_Второй_Шанс: 'Зависит',
    },
  },
  {
    kind: 'couple',
    firstName: 'Ян',
    partnerFirstName: 'Ира',
    gender: 'М',
    answers: {
      С_Пол: 'М',
      [`С_Пол${PARTNER_SUFFIX}`]: 'Ж',
      С_Возр: 33,
      [`С_Возр${PARTNER_SUFFIX}`]: 31,
      Л_Язык_Любви: 'Помощь',
      [`Л_Язык_Любви${PARTNER_SUFFIX}`]: 'Слова',
      Л_Притяжение: 8,
      [`Л_Притяжение${PARTNER_SUFFIX}`]: 7,
      П_Стаж: 5,
      П_Место_Знакомства: 'Учёба',
      П_Расстояние: 'Вместе',
      П_Время_Вместе: 30,
      П_Испытание: 'Родственники',
      П_Второй_Шанс: 'Да',
      Л_Выходные: 'Дома',
      [`Л_Выходные${PARTNER_SUFFIX}`]: 'Друзья',
      Л_Баланс: 5,
      [`Л_Баланс${PARTNER_SUFFIX}`]: 7,
    },
  },
];

async function insertDemoLove(db: Db, ownerId: string, now: Date): Promise<void> {
  for (const person of DEMO_LOVE) {
    // Every question of the questionnaire is answered (demo-data.test checks the love scores' completeness).
    const answers = Object.entries(person.answers).map(([neuron, value]) => ({ neuron, value }));
    const birthDate = person.birthDate ? new Date(person.birthDate) : null;
    const age = person.kind === 'couple' ? (person.answers['С_Возр'] as number) : Math.floor((now.getTime() - birthDate!.getTime()) / (365.25 * 86_400_000));
    const id = crypto.randomUUID();
    await insertProfiles(db, [
      {
        id,
        ownerId,
        kind: person.kind,
        questionnaireId: await activeQuestionnaireId(db, person.kind),
        state: 'ack_a',
        firstName: person.firstName,
        partnerFirstName: person.partnerFirstName ?? null,
        birthDate,
        age,
        gender: person.gender,
        avatarName: pickAvatar(age, person.gender, id),
        isDemo: true,
        answers,
        ...newPermalink(now),
        createdAt: now,
        updatedAt: now,
        completedAt: now,
      },
    ]);
    await scoreProfile(db, id);
  }
}

/**
 * The demo owner's team: four of his profiles, joined two months before the scene starts, working together in the
 * office 5 hours a week, the first one as lead. Actors are normalised by the engine as the scenes module does.
 */
async function insertDemoTeam(db: Db, ownerId: string, members: ReturnType<typeof profileValues>[], now: Date): Promise<DemoTeam> {
  const actors: Actor[] = members.map((member, index) => {
    const others = members.filter((other) => other.id !== member.id);
    return {
      id: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      gender: member.gender,
      position: member.position,
      isShort: false,
      events: [
        { type: 'join', date: -60, value: 0, timestamp: index + 1 },
        ...(index === 0 ? [{ type: 'l_rank' as const, date: -60, value: 0, timestamp: 10 }] : []),
      ],
      interactionType: others.map((other) => ({ actorId: other.id, date: -60, value: 0 })),
      interactionIntensive: others.map((other) => ({ actorId: other.id, date: -60, value: 5 })),
    };
  });
  const team: DemoTeam = {
    id: crypto.randomUUID(),
    title: 'Демо-команда',
    startDay: `${now.toISOString().slice(0, 7)}-01`,
    actors: normalizeActors(actors).actors,
  };
  await insertScene(db, { ...team, ownerId, kind: 'team' });
  return team;
}

type DemoTeam = { id: string; title: string; startDay: string; actors: Actor[] };

/**
 * The demo team on the director's monitor: its team check computed here with its band (the engine, as the compute
 * worker runs it) and a year of generated check-ins (monitor.demo.ts), marked demo.
 */
async function insertDemoMonitor(db: Db, ownerId: string, team: DemoTeam, seed: number, now: Date): Promise<void> {
  const rows = await scoredProfiles(
    db,
    team.actors.map((a) => a.id),
  );
  const specialists = rows.map((p) =>
    enginePersonOf(
      { ...p, competencies: p.competencies ?? 50, professionalism: p.professionalism ?? 50, maturity: p.maturity ?? 50, grade: p.grade as Grade | null },
      'work',
    ),
  );
  const dataset = simulateScene({ startDay: team.startDay, lifespan: 1, actors: team.actors, specialists }, { band: true });
  const members = rows.map((p) => ({ profileId: p.id, name: [p.firstName, p.lastName].filter(Boolean).join(' ') }));
  await seedDemoMonitor(db, { ownerId, sceneId: team.id, title: team.title, startDay: team.startDay, members, dataset, seed, now });
}
