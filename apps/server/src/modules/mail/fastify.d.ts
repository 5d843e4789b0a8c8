import type { Mailer } from './mail.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail through the outbox (modules/mail). */
    mailer: Mailer;
  }
}
