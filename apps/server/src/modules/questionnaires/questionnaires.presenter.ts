import type { AdminQuestionnaire, QuestionnaireDefinition } from '@teamcast/contracts';
import type { QuestionnaireRow } from './questionnaires.repository.ts';

export function presentDefinition(row: QuestionnaireRow): QuestionnaireDefinition {
  return { _id: row.id, kind: row.kind, name: row.name, steps: row.steps };
}

export function presentAdminQuestionnaire(row: QuestionnaireRow, profilesCount: number): AdminQuestionnaire {
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    status: row.status,
    dataSource: row.dataSource,
    steps: row.steps,
    profilesCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    computedAt: row.computedAt ? row.computedAt.toISOString() : null,
    version: row.version,
    previousId: row.previousId,
  };
}
