import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_ANSWER, allSlots, type Step } from '@teamcast/contracts';
import { createAdministrator, createOwner, type SignedIn } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testDriver } from '../../test/test-database.ts';
import { fillAnswers } from '../profiles/answers.fixture.ts';
import { seedShippedQuestionnaires } from './questionnaires.service.ts';
import { shippedQuestionnaires } from './shipped-questionnaires.ts';
import { activeQuestionnaire, findQuestionnaire, insertQuestionnaire, updateQuestionnaire } from './questionnaires.repository.ts';
import { WORK_STYLE_NEURONS } from '../scoring/work-style.ts';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;

/**
 * Every test of the describe it is called in gets its own database: the questionnaires (which are seeded, which is
 * active for a kind, which are inactive) are one set for the whole install, and the tests add, rename, deactivate,
 * replace and delete them, so none reads what another left, in whatever order they run.
 */
function freshAppForEachTest() {
  beforeEach(async () => {
    t = await createTestApp();
    admin = await createAdministrator(t);
    owner = await createOwner(t);
  });
  afterEach(() => t.close());
}

async function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, who: SignedIn = admin, lang = 'ru') {
  const res = await t.app.inject({ method, url, payload, headers: { ...who.headers, 'accept-language': lang } });
  return { status: res.statusCode, body: res.json() };
}

const neurons = (steps: Step[]) => steps.flatMap((step) => step.questions.map((q) => q.neuronName));

// The shipped definitions themselves: no app, no database.
describe('shipped questionnaire definitions', () => {
  it('standard: 5 steps covering every field of spec section 3 and the work-style block, with age С_Возр and gender С_Пол (М/Ж)', () => {
    const standard = shippedQuestionnaires.find((q) => q.kind === 'standard')!;
    expect(standard.steps.map((step) => step.key)).toEqual(['about', 'education', 'experience', 'workstyle', 'family']);
    // The work-style block: 8 items on one 5-point agreement scale, in both languages, feeding the work forecast.
    const style = standard.steps.find((step) => step.key === 'workstyle')!;
    expect(neurons([style]).sort()).toEqual([...WORK_STYLE_NEURONS].sort());
    for (const q of style.questions) {
      expect(q.type).toBe('select');
      expect(q.options.map((o) => o.value)).toEqual([1, 2, 3, 4, 5]);
      expect(q.text.ru).not.toBe(q.text.en);
    }
    // The short variant stays without it (its work forecasts read the population's work style, with a wider band).
    expect(shippedQuestionnaires.find((q) => q.kind === 'short')!.steps.some((step) => step.key === 'workstyle')).toBe(false);
    const gender = standard.steps[0]!.questions.find((q) => q.neuronName === 'С_Пол')!;
    expect(gender.options.map((o) => o.value)).toEqual(['М', 'Ж']);
    expect(neurons(standard.steps)).toEqual(
      expect.arrayContaining([
        'С_Пол',
        'С_Возр',
        'С_Школа_Типы',
        'С_Школа_Места',
        'С_Школа_Кол',
        'С_Колледж',
        'С_ВУЗ',
        'С_Степень',
        'С_Курсы',
        'С_Языки',
        'С_Переводчик',
        'С_Служба',
        'С_Стаж',
        'С_Руков_Стаж',
        'С_Бизнес',
        'С_Переезд',
        'С_Проживание',
        'С_Дети',
        'С_Партнёр_Стаж',
        'С_Партнёр_Возр',
        'С_Мать',
        'С_Отец',
        'С_Сиблинги',
        'С_Утрата',
      ]),
    );
    expect(new Set(standard.steps.flatMap((s) => s.questions.map((q) => q.type)))).toEqual(
      new Set(['slider', 'formula', 'dropdown', 'select', 'multiselect', 'range']),
    );
    for (const key of ['education', 'family']) {
      const step = standard.steps.find((s) => s.key === key)!;
      expect(
        step.questions.some((q) => q.options.some((o) => o.value === NO_ANSWER)),
        key,
      ).toBe(true);
    }
  });

  it('love covers meeting place, interests, balance, weekend, distance, time together, attraction, love language, challenge, second chances', () => {
    const love = shippedQuestionnaires.find((q) => q.kind === 'love')!;
    expect(neurons(love.steps)).toEqual(
      expect.arrayContaining([
        'Л_Место_Знакомства',
        'Л_Интересы',
        'Л_Баланс',
        'Л_Выходные',
        'Л_Расстояние',
        'Л_Время_Вместе',
        'Л_Притяжение',
        'Л_Язык_Любви',
        'Л_Испытание',
        'Л_Второй_Шанс',
      ]),
    );
  });

  it('the short variant asks a subset of the standard neurons, so an upgrade keeps its answers', () => {
    const standard = new Set(neurons(shippedQuestionnaires.find((q) => q.kind === 'standard')!.steps));
    const short = shippedQuestionnaires.find((q) => q.kind === 'short')!;
    expect(short.steps).toHaveLength(4);
    for (const neuron of neurons(short.steps)) expect(standard.has(neuron), neuron).toBe(true);
  });

  it('couple asks both sides, the partner under the _partner suffix', () => {
    const couple = shippedQuestionnaires.find((q) => q.kind === 'couple')!;
    const slots = allSlots(couple.steps).map((slot) => slot.neuron);
    expect(slots).toEqual(expect.arrayContaining(['С_Пол', 'С_Пол_partner', 'С_Возр', 'С_Возр_partner', 'П_Стаж']));
    expect(slots).not.toContain('П_Стаж_partner');
  });

  it('docs/questionnaires.md lists every neuron of every shipped questionnaire', () => {
    const doc = fs.readFileSync(path.join(import.meta.dirname, '../../../../../docs/questionnaires.md'), 'utf8');
    for (const shipped of shippedQuestionnaires) for (const neuron of neurons(shipped.steps)) expect(doc, neuron).toContain(`\`${neuron}\``);
  });
});

describe(`shipped questionnaires on ${testDriver}`, () => {
  freshAppForEachTest();

  it('are seeded once per kind at start-up, as status created from the shipped source', async () => {
    const list = await call('GET', '/api/admin/questionnaire');
    expect(list.status).toBe(200);
    const kinds = list.body.result.items.map((item: { kind: string }) => item.kind).sort();
    expect(kinds).toEqual(['couple', 'love', 'short', 'standard']);
    for (const item of list.body.result.items) expect(item).toMatchObject({ status: 'created', dataSource: 'shipped', profilesCount: 0 });
    expect(await seedShippedQuestionnaires(t.database)).toEqual([]);
    expect((await call('GET', '/api/admin/questionnaire')).body.result.total).toBe(4);
  });

  it('serves the active definitions to owners and anonymous visitors', async () => {
    const full = await call('GET', '/api/owner/questionnaire', undefined, owner);
    expect(full.body.result.kind).toBe('standard');
    const short = await t.app.inject({ method: 'GET', url: '/api/owner/questionnaire/unsecure?short=true' });
    expect(short.json().result.kind).toBe('short');
    const couple = await t.app.inject({ method: 'GET', url: '/api/owner/questionnaire/unsecure?kind=couple' });
    expect(couple.json().result.kind).toBe('couple');
    expect((await t.app.inject({ method: 'GET', url: '/api/owner/questionnaire' })).statusCode).toBe(401);
  });
});

const tinySteps = [
  {
    key: 'one',
    title: { ru: 'Шаг', en: 'Step' },
    questions: [
      { neuronName: 'Т_Число', type: 'slider', text: { ru: 'Число', en: 'Number' }, min: 0, max: 10 },
      { neuronName: 'Т_Двойное', type: 'formula', text: { ru: 'Сумма', en: 'Sum' }, formula: { sum: ['Т_Число', 'Т_Число'] } },
    ],
  },
];

describe(`administrator questionnaire calls on ${testDriver}`, () => {
  freshAppForEachTest();

  it('adds, reads, renames, deactivates and deletes a questionnaire', async () => {
    const created = await call('POST', '/api/admin/questionnaire', { name: 'Проба', kind: 'standard', steps: tinySteps });
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({ name: 'Проба', status: 'created', dataSource: 'administrator', computedAt: null });
    const id = created.body.result._id;
    // The newest active questionnaire of a kind is the one new profiles get.
    expect((await call('GET', '/api/owner/questionnaire', undefined, owner)).body.result._id).toBe(id);

    expect((await call('GET', `/api/admin/questionnaire/${id}`)).body.result.steps[0].questions).toHaveLength(2);
    const renamed = await call('PATCH', `/api/admin/questionnaire/${id}`, { name: 'Проба 2', status: 'inactive' });
    expect(renamed.body.result).toMatchObject({ name: 'Проба 2', status: 'inactive' });
    expect((await call('GET', '/api/owner/questionnaire', undefined, owner)).body.result._id).not.toBe(id);
    const inactive = await call('GET', '/api/admin/questionnaire?status=inactive');
    expect(inactive.body.result.items.map((item: { _id: string }) => item._id)).toEqual([id]);

    expect((await call('DELETE', `/api/admin/questionnaire/${id}`)).body.result).toEqual({ deleted: true });
    expect((await call('GET', `/api/admin/questionnaire/${id}`)).status).toBe(404);
    expect((await call('DELETE', `/api/admin/questionnaire/${id}`)).status).toBe(404);
  });

  it('refuses an inconsistent definition and a missing name with clear messages', async () => {
    const later = [
      {
        ...tinySteps[0]!,
        questions: [{ ...tinySteps[0]!.questions[0]!, dependsOn: { scope: 'and', conditions: [{ neuronName: 'Т_Потом', operator: 'more', value: 1 }] } }],
      },
    ];
    const res = await call('POST', '/api/admin/questionnaire', { name: 'Плохая', kind: 'love', steps: later }, admin, 'en');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'steps', message: 'Invalid value' });
    const duplicate = [{ ...tinySteps[0]!, questions: [tinySteps[0]!.questions[0]!, tinySteps[0]!.questions[0]!] }];
    expect((await call('POST', '/api/admin/questionnaire', { name: 'Дубль', kind: 'love', steps: duplicate })).status).toBe(400);
    const noName = await call('POST', '/api/admin/questionnaire', { name: ' ', kind: 'love', steps: tinySteps });
    expect(noName.body.error).toMatchObject({ field: 'name', message: 'Обязательное поле' });
  });

  it('recalculates the profiles answered with it (formulas, age) and marks it computed', async () => {
    const created = await call('POST', '/api/admin/questionnaire', {
      name: 'Формула',
      kind: 'short',
      steps: shippedQuestionnaires.find((q) => q.kind === 'short')!.steps,
    });
    const id = created.body.result._id;
    const steps = created.body.result.steps;
    const profile = await call(
      'POST',
      '/api/owner/profiles/short',
      { personInformed: true, firstName: 'Ада', lastName: 'Лав', answers: fillAnswers(steps, { С_Пол: 'Ж', С_Возр: 50 }) },
      owner,
    );
    expect(profile.body.result).toMatchObject({ questionnaireId: id, age: 50 });

    // The administrator adds a formula question: the questionnaire has answers, so the edit makes version 2 and the
    // stored one stays exactly as it was (spec: a stored questionnaire cannot be changed).
    const withFormula = structuredClone(steps);
    withFormula[0].questions.push({
      neuronName: 'С_Возр_Удвоенный',
      type: 'formula',
      text: { ru: 'Возраст дважды', en: 'Age twice' },
      formula: { sum: ['С_Возр', 'С_Возр'] },
    });
    const edited = await call('PATCH', `/api/admin/questionnaire/${id}`, { steps: withFormula });
    expect(edited.status).toBe(200);
    expect(edited.body.result).toMatchObject({ status: 'created', version: 2, previousId: id, kind: 'short', name: 'Формула', profilesCount: 0 });
    const nextId = edited.body.result._id;
    expect(nextId).not.toBe(id);
    const stored = (await call('GET', `/api/admin/questionnaire/${id}`)).body.result;
    expect(stored).toMatchObject({ version: 1, previousId: null, profilesCount: 1, steps });
    expect(stored.updatedAt).toBe(created.body.result.updatedAt);
    // New profiles are answered with the new version.
    expect((await call('GET', '/api/owner/questionnaire?short=true', undefined, owner)).body.result._id).toBe(nextId);
    // A questionnaire without answers is still edited in place.
    const renamedOnly = await call('PATCH', `/api/admin/questionnaire/${nextId}`, { steps: withFormula });
    expect(renamedOnly.body.result).toMatchObject({ _id: nextId, version: 2 });

    // Recalculating version 2 applies its formula to the profiles of version 1, which then belong to version 2.
    const recalculated = await call('POST', `/api/admin/questionnaire/${nextId}/recalculate`);
    expect(recalculated.body.result.profilesRecalculated).toBe(1);
    expect(recalculated.body.result.questionnaire).toMatchObject({ status: 'computed', profilesCount: 1 });
    expect(recalculated.body.result.questionnaire.computedAt).not.toBeNull();
    const after = await call('GET', `/api/owner/profiles/${profile.body.result._id}`, undefined, owner);
    expect(after.body.result.answers).toContainEqual({ neuron: 'С_Возр_Удвоенный', value: 100 });
    expect(after.body.result.questionnaireId).toBe(nextId);
    expect((await call('GET', `/api/admin/questionnaire/${id}`)).body.result).toMatchObject({ steps, profilesCount: 0 });

    expect((await call('DELETE', `/api/admin/questionnaire/${id}`)).status).toBe(200);
    const deleted = await call('DELETE', `/api/admin/questionnaire/${nextId}`);
    expect(deleted.status).toBe(200);
    const kept = await call('GET', `/api/owner/profiles/${profile.body.result._id}`, undefined, owner);
    expect(kept.body.result).toMatchObject({ questionnaireId: null, age: 50 });
  });

  it('is for administrators only', async () => {
    expect((await call('GET', '/api/admin/questionnaire', undefined, owner)).status).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/questionnaire/x/recalculate' })).statusCode).toBe(401);
    const routes = t.app.accessCatalogue.filter((entry) => entry.url.startsWith('/api/admin/questionnaire'));
    expect(routes).toHaveLength(6);
    for (const entry of routes) expect(entry.access).toEqual(['administrator']);
  });
});

describe(`a new shipped revision on ${testDriver}`, () => {
  freshAppForEachTest();

  it('replaces the unedited earlier shipped questionnaire with a new one (the old one kept, inactive, for its profiles) and leaves an edited one alone', async () => {
    const db = t.database.db;
    for (const kind of ['standard'] as const) {
      const shipped = shippedQuestionnaires.find((q) => q.kind === kind)!;
      // An installation seeded before the work-style block: its current questionnaire is the earlier revision.
      const old = await insertQuestionnaire(db, { name: shipped.name, kind, dataSource: 'shipped', steps: shipped.replaces! });
      expect((await activeQuestionnaire(db, kind))!.id).toBe(old.id);
      expect(await seedShippedQuestionnaires(t.database)).toEqual([kind]);
      const current = (await activeQuestionnaire(db, kind))!;
      expect(current.id).not.toBe(old.id);
      expect(current.steps.map((step) => step.key)).toContain('workstyle');
      const kept = (await findQuestionnaire(db, old.id))!;
      expect(kept.status).toBe('inactive');
      expect(kept.steps).toEqual(JSON.parse(JSON.stringify(shipped.replaces)));
      // Seeding again changes nothing, and the short variant (no new revision) is left as it was.
      expect(await seedShippedQuestionnaires(t.database)).toEqual([]);
    }
    expect((await activeQuestionnaire(db, 'short'))!.steps.some((step) => step.key === 'workstyle')).toBe(false);
    // An administrator's edit of the earlier revision is his: no new revision replaces it.
    const shipped = shippedQuestionnaires.find((q) => q.kind === 'standard')!;
    const edited = await insertQuestionnaire(db, { name: shipped.name, kind: 'standard', dataSource: 'shipped', steps: shipped.replaces!.slice(0, 3) });
    await updateQuestionnaire(db, edited.id, { name: 'Наша анкета' });
    expect(await seedShippedQuestionnaires(t.database)).toEqual([]);
    expect((await activeQuestionnaire(db, 'standard'))!.id).toBe(edited.id);
  });
});
