import type { FastifyPluginAsync } from 'fastify';
import { adminMailEndpoint, adminMailListEndpoint } from '@teamcast/contracts';
import { AppError } from '../../core/errors.ts';
import { route } from '../../core/route.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { presentMail, presentMailDetail } from './mail.presenter.ts';
import { findMessage, listOutbox } from './mail.repository.ts';
import { createMailer } from './mail.service.ts';

const admin = ['administrator'] as const;

/**
 * Outgoing mail: `app.mailer` for every module (registered without encapsulation), the retry loop from ready to
 * close, and the outbox screen of the administrator console. No anonymous page shows mail, in any configuration.
 */
export const mailModule: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const mailer = createMailer({ db, config: app.config, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('preClose', async () => mailer.stop());

  route(app, adminMailListEndpoint, {
    access: admin,
    handler: async ({ query }) => {
      const { rows, total } = await listOutbox(db, query);
      return { items: rows.map(presentMail), total };
    },
  });
  route(app, adminMailEndpoint, {
    access: admin,
    handler: async ({ params, auth }) => {
      const row = await findMessage(db, params.id);
      if (!row) throw new AppError('not_found');
      // A message may hold someone's sign-in link: who read it is on record.
      await recordAudit(db, auth.subjectId, [
        { action: 'mail.read', entity: 'mail', entityId: row.id, before: null, after: { to: row.toAddress, kind: row.kind } },
      ]);
      return presentMailDetail(row);
    },
  });
};
// Like fastify-plugin: the decoration is visible to the modules registered after this one.
Object.assign(mailModule, { [Symbol.for('skip-override')]: true });
