import type { FastifyPluginAsync } from 'fastify';
import { createEnterpriseRequestEndpoint, hostInfoEndpoint, recordAnalyticsEventEndpoint } from '@teamcast/contracts';
import { route } from '../../core/route.ts';
import { queuePlainMessage } from '../mail/mail.service.ts';
import { createSiteRepository } from './site.repository.ts';
import { createSiteService, hostInfo } from './site.service.ts';

/** Public site: host variant, enterprise contact requests, consented analytics. */
export const siteModule: FastifyPluginAsync = async (app) => {
  // Enterprise requests go to the support address through the mail outbox: sent by the mail module's SMTP loop when
  // SMTP_URL is set, otherwise kept there (administrators read it in the console's outbox).
  const service = createSiteService(createSiteRepository(app.database.db), app.config, ({ to, subject, text, locale }) =>
    queuePlainMessage(app.database.db, { to, subject, text, kind: 'enterprise', locale }),
  );

  route(app, hostInfoEndpoint, {
    access: 'anonymous',
    handler: async ({ request, reply }) => {
      // The answer differs by host; caches must keep one per host.
      reply.header('vary', 'host, x-forwarded-host');
      return hostInfo(app.config, request.host);
    },
  });

  route(app, createEnterpriseRequestEndpoint, {
    access: 'anonymous',
    status: 201,
    rateLimit: { max: 5, timeWindow: '10 minutes' },
    handler: async ({ body, locale, request }) => {
      const { privacyPolicy: _privacy, personalData: _personal, ...fields } = body;
      return service.submitEnterpriseRequest(fields, locale, request.host);
    },
  });

  route(app, recordAnalyticsEventEndpoint, {
    access: 'anonymous',
    rateLimit: { max: 120, timeWindow: '1 minute' },
    handler: async ({ body, request }) => ({ recorded: await service.recordEvent(body, request.host) }),
  });
};
