import { PlanIdSchema, planById, planTitle, type Locale } from '@teamcast/contracts';

/** A plan's name from the plan catalogue ('Simulator · 2 teams · month'); an unknown code is shown as it is. */
export function planName(plan: string, locale: Locale): string {
  const id = PlanIdSchema.safeParse(plan);
  return id.success ? planTitle(planById(id.data), locale) : plan;
}
