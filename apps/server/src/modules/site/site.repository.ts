import { eq } from 'drizzle-orm';
import type { AnalyticsKind, AnalyticsStep, Locale, SiteVariant } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { analyticsEvents, enterpriseRequests } from '../../db/schema/index.ts';

export type NewEnterpriseRequest = {
  name: string;
  email: string;
  phone?: string;
  company: string;
  teamSize?: number;
  message?: string;
  locale: Locale;
  host: string;
};

export type StoredEnterpriseRequest = NewEnterpriseRequest & { id: string; createdAt: Date };

export function createSiteRepository(db: Db) {
  return {
    async insertEnterpriseRequest(request: NewEnterpriseRequest): Promise<StoredEnterpriseRequest> {
      const now = new Date();
      const [row] = await db
        .insert(enterpriseRequests)
        .values({
          id: crypto.randomUUID(),
          name: request.name,
          email: request.email,
          phone: request.phone ?? null,
          company: request.company,
          teamSize: request.teamSize ?? null,
          message: request.message ?? null,
          locale: request.locale,
          host: request.host,
          privacyConsentAt: now,
          personalDataConsentAt: now,
        })
        .returning({ id: enterpriseRequests.id, createdAt: enterpriseRequests.createdAt });
      return { ...request, id: row!.id, createdAt: row!.createdAt };
    },

    async markEnterpriseRequestQueued(id: string): Promise<void> {
      await db.update(enterpriseRequests).set({ mailStatus: 'queued' }).where(eq(enterpriseRequests.id, id));
    },

    async insertAnalyticsEvent(event: { kind: AnalyticsKind; step: AnalyticsStep; visitId?: string | undefined; variant: SiteVariant }): Promise<void> {
      await db
        .insert(analyticsEvents)
        .values({ id: crypto.randomUUID(), kind: event.kind, step: event.step, visitId: event.visitId ?? null, variant: event.variant });
    },
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
