import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from './audit.service.ts';

/** Admin routes that write their own entries with the object before and after (the admin module), or change no data. */
const SELF_AUDITED =
  /^\/api\/admin\/(owners|estimators|profiles\/:id$|profiles$|profiles\/:id\/cancel-confirmation|:role\/|login|logout|mail\/|neuronet\/predict)/;
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ENTITIES: Record<string, string> = { questionnaire: 'questionnaire', profiles: 'profile', neuronet: 'neuronet' };

/** What a successful admin call of another module changed: the route, its object id and the request body as the new values. */
function changeOf(request: FastifyRequest) {
  const url = request.routeOptions.url ?? '';
  if (!CHANGES.has(request.method) || !url.startsWith('/api/admin/') || SELF_AUDITED.test(url) || request.auth?.role !== 'administrator') return null;
  const path = url.slice('/api/admin'.length);
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return {
    administratorId: request.auth.subjectId,
    change: {
      action: `${request.method} ${path}`,
      entity: ENTITIES[path.split('/')[1] ?? ''] ?? 'admin',
      entityId: params.id ?? '',
      before: null,
      after: request.body ?? null,
    },
  };
}

/**
 * Writes every successful changing admin call of the other modules (questionnaires, final scores, neuronet) to the
 * audit log before the answer leaves, so the log is complete when the caller reads it.
 */
export function registerAuditTrail(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const found = changeOf(request);
    if (!found) return payload;
    try {
      await recordAudit(app.database.db, found.administratorId, [found.change]);
    } catch (error) {
      request.log.error({ err: error }, 'audit log entry not written');
    }
    return payload;
  });
}
