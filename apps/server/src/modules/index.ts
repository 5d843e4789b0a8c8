import type { FastifyPluginAsync } from 'fastify';
import { accountModule } from './account/account.routes.ts';
import { mailModule } from './mail/mail.routes.ts';
import { passportModule } from './passport/passport.routes.ts';
import { profilesModule } from './profiles/profiles.routes.ts';
import { questionnairesModule } from './questionnaires/questionnaires.routes.ts';
import { gateModule } from './gate/gate.routes.ts';
import { siteModule } from './site/site.routes.ts';
import { paymentsModule } from './payments/payments.routes.ts';
import { systemModule } from './system/system.routes.ts';

/** Every service group's plugin, registered in this order (mail first: the others use `app.mailer`). */
export const modules: FastifyPluginAsync[] = [mailModule, systemModule, passportModule, accountModule, gateModule, siteModule, paymentsModule, questionnairesModule, profilesModule];
