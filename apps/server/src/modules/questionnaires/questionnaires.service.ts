import { isDeepStrictEqual } from 'node:util';
import type { AdminQuestionnaire, QuestionnaireDefinition, QuestionnaireKind, QuestionnaireStatus, Step } from '@teamcast/contracts';
import type { Database, Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import { rederiveProfiles } from '../profiles/profile-recalculation.ts';
import { presentAdminQuestionnaire, presentDefinition } from './questionnaires.presenter.ts';
import {
  activeQuestionnaire,
  deleteQuestionnaire,
  findQuestionnaire,
  insertQuestionnaire,
  kindsPresent,
  listQuestionnaires,
  profileCounts,
  updateQuestionnaire,
  type QuestionnaireRow,
} from './questionnaires.repository.ts';
import { shippedQuestionnaires } from './shipped-questionnaires.ts';
import { rescoreProfiles } from '../scoring/scoring.service.ts';

const SEED_LOCK_KEY = 7_240_105;

/** Steps as stored (a JSON round trip), for comparing a stored questionnaire with a shipped revision. */
const asStored = (steps: readonly Step[]): unknown => JSON.parse(JSON.stringify(steps));

/**
 * Inserts the shipped questionnaire of every kind that has none yet, and a newer shipped revision of a kind whose
 * current questionnaire is the unedited earlier shipped one (which becomes inactive; its profiles keep it, so their
 * answers stay valid). Several processes starting at once take turns.
 */
export async function seedShippedQuestionnaires(database: Database): Promise<string[]> {
  return database.withLock(SEED_LOCK_KEY, async () => {
    const present = await kindsPresent(database.db);
    const seeded: string[] = [];
    for (const { replaces, ...shipped } of shippedQuestionnaires) {
      if (present.has(shipped.kind)) {
        const current = replaces ? await activeQuestionnaire(database.db, shipped.kind) : undefined;
        if (!current || current.dataSource !== 'shipped' || !isDeepStrictEqual(asStored(current.steps), asStored(replaces!))) continue;
        await insertQuestionnaire(database.db, { ...shipped, dataSource: 'shipped' });
        await updateQuestionnaire(database.db, current.id, { status: 'inactive' });
      } else {
        await insertQuestionnaire(database.db, { ...shipped, dataSource: 'shipped' });
      }
      seeded.push(shipped.kind);
    }
    return seeded;
  });
}

/** The questionnaire profiles of a kind are answered with now. */
export async function currentQuestionnaire(db: Db, kind: QuestionnaireKind): Promise<QuestionnaireRow> {
  const row = await activeQuestionnaire(db, kind);
  if (!row) throw new AppError('not_found');
  return row;
}

/** The questionnaire a profile is answered with: its own, else (none stored) the current one of its kind. */
export async function definitionOfProfile(db: Db, profile: { questionnaireId: string | null; kind: QuestionnaireKind }): Promise<QuestionnaireDefinition> {
  const own = profile.questionnaireId ? await findQuestionnaire(db, profile.questionnaireId) : undefined;
  return presentDefinition(own ?? (await currentQuestionnaire(db, profile.kind)));
}

export async function currentDefinition(db: Db, kind: 'standard' | 'love' | 'couple', short: boolean): Promise<QuestionnaireDefinition> {
  return presentDefinition(await currentQuestionnaire(db, kind === 'standard' && short ? 'short' : kind));
}

async function loadForAdmin(db: Db, id: string): Promise<QuestionnaireRow> {
  const row = await findQuestionnaire(db, id);
  if (!row) throw new AppError('not_found');
  return row;
}

async function present(db: Db, row: QuestionnaireRow): Promise<AdminQuestionnaire> {
  return presentAdminQuestionnaire(row, (await profileCounts(db, row.id)).get(row.id) ?? 0);
}

export async function listForAdmin(db: Db, filter: { kind?: QuestionnaireKind; status?: QuestionnaireStatus }) {
  const [rows, counts] = await Promise.all([listQuestionnaires(db, filter), profileCounts(db)]);
  const items = rows.map((row) => {
    const { steps, ...rest } = presentAdminQuestionnaire(row, counts.get(row.id) ?? 0);
    return { ...rest, questionsCount: steps.reduce((sum, step) => sum + step.questions.length, 0) };
  });
  return { items, total: items.length };
}

export async function getForAdmin(db: Db, id: string): Promise<AdminQuestionnaire> {
  return present(db, await loadForAdmin(db, id));
}

export async function createByAdmin(db: Db, input: { name: string; kind: QuestionnaireKind; steps: Step[] }): Promise<AdminQuestionnaire> {
  return present(db, await insertQuestionnaire(db, { ...input, dataSource: 'administrator' }));
}

/**
 * Edited steps make the questionnaire 'created' again: its profiles need a recalculation. A questionnaire profiles were
 * answered with is never changed (spec): new steps make a new version (status 'created', the newest of its kind, so
 * new profiles are answered with it) and the stored one stays as it was, its name and status included.
 */
export async function updateByAdmin(
  db: Db,
  id: string,
  patch: { name?: string; status?: 'created' | 'inactive'; steps?: Step[] },
): Promise<AdminQuestionnaire> {
  const stored = await loadForAdmin(db, id);
  if (patch.steps && ((await profileCounts(db, id)).get(id) ?? 0) > 0) {
    const next = await insertQuestionnaire(db, {
      name: patch.name ?? stored.name,
      kind: stored.kind,
      dataSource: 'administrator',
      steps: patch.steps,
      version: stored.version + 1,
      previousId: stored.id,
    });
    return present(db, patch.status === 'inactive' ? (await updateQuestionnaire(db, next.id, { status: 'inactive' }))! : next);
  }
  const status = patch.steps ? (patch.status ?? 'created') : patch.status;
  const row = await updateQuestionnaire(db, id, { ...patch, ...(status ? { status } : {}) });
  return present(db, row!);
}

export async function deleteByAdmin(db: Db, id: string): Promise<void> {
  if (!(await deleteQuestionnaire(db, id))) throw new AppError('not_found');
}

/** The ids of a questionnaire's earlier versions, newest first (previousId chain). */
async function earlierVersions(db: Db, row: QuestionnaireRow): Promise<string[]> {
  const ids: string[] = [];
  let previous = row.previousId;
  while (previous && !ids.includes(previous)) {
    ids.push(previous);
    previous = (await findQuestionnaire(db, previous))?.previousId ?? null;
  }
  return ids;
}

/**
 * Recomputes formulas, age, gender and avatar of every completed profile answered with the questionnaire or one of its
 * earlier versions, with this version's questions; those profiles then belong to this version (their answers are kept
 * as given, and the earlier versions stay as they were stored).
 */
export async function recalculate(db: Db, id: string): Promise<{ questionnaire: AdminQuestionnaire; profilesRecalculated: number }> {
  const questionnaire = await loadForAdmin(db, id);
  const profileIds = await rederiveProfiles(db, [id, ...(await earlierVersions(db, questionnaire))], questionnaire.steps, id);
  await rescoreProfiles(db, profileIds);
  const status = questionnaire.status === 'inactive' ? 'inactive' : 'computed';
  const updated = await updateQuestionnaire(db, id, { status, computedAt: new Date() });
  return { questionnaire: await present(db, updated!), profilesRecalculated: profileIds.length };
}
