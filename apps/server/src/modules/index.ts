import type { FastifyPluginAsync } from 'fastify';
import { accountModule } from './account/account.routes.ts';
import { mailModule } from './mail/mail.routes.ts';
import { passportModule } from './passport/passport.routes.ts';
import { chatModule } from './chat/chat.routes.ts';
import { historyModule } from './history/history.routes.ts';
import { pairsModule } from './pairs/pairs.routes.ts';
import { sharedResultsModule } from './shared-results/shared-results.routes.ts';
import { profilesModule } from './profiles/profiles.routes.ts';
import { questionnairesModule } from './questionnaires/questionnaires.routes.ts';
import { gateModule } from './gate/gate.routes.ts';
import { scenesModule } from './scenes/scenes.routes.ts';
import { siteModule } from './site/site.routes.ts';
import { paymentsModule } from './payments/payments.routes.ts';
import { systemModule } from './system/system.routes.ts';
import { scoringModule } from './scoring/scoring.routes.ts';
import { estimatorModule } from './estimator/estimator.routes.ts';
import { neuronetModule } from './neuronet/neuronet.routes.ts';
import { demoModule } from './demo/demo.routes.ts';
import { adminModule } from './admin/admin.routes.ts';
import { auditModule } from './audit/audit.routes.ts';
import { monitorModule } from './monitor/monitor.routes.ts';

/** Every service group's plugin, registered in this order (mail first: the others use `app.mailer`). */
export const modules: FastifyPluginAsync[] = [
  mailModule,
  systemModule,
  passportModule,
  accountModule,
  gateModule,
  siteModule,
  paymentsModule,
  questionnairesModule,
  profilesModule,
  scoringModule,
  estimatorModule,
  neuronetModule,
  pairsModule,
  sharedResultsModule,
  historyModule,
  chatModule,
  scenesModule,
  adminModule,
  auditModule,
  monitorModule,
  demoModule,
];
