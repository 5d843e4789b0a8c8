import { eq } from 'drizzle-orm';
import type { Locale } from '@teamcast/contracts';
import type { Db } from '../../core/db.ts';
import { estimators, owners } from '../../db/schema/index.ts';

export type OwnerRow = typeof owners.$inferSelect;
export type EstimatorRow = typeof estimators.$inferSelect;

export async function findOwner(db: Db, id: string): Promise<OwnerRow | undefined> {
  const [row] = await db.select().from(owners).where(eq(owners.id, id)).limit(1);
  return row;
}

export async function findEstimator(db: Db, id: string): Promise<EstimatorRow | undefined> {
  const [row] = await db.select().from(estimators).where(eq(estimators.id, id)).limit(1);
  return row;
}

export async function setEstimatorLocale(db: Db, id: string, locale: Locale): Promise<void> {
  await db.update(estimators).set({ locale }).where(eq(estimators.id, id));
}

/** Deletes the owner row; every table an owner owns references it `on delete cascade`, so his data goes with it. */
export async function deleteOwner(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(owners).where(eq(owners.id, id)).returning({ id: owners.id });
  return rows.length === 1;
}
