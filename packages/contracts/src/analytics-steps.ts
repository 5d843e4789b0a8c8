/**
 * The analytics funnels and their steps (spec section 9), zod-free so the public pages can record steps without zod.
 * `site.ts` builds the event schema from this list, so the server refuses any other step; docs/ANALYTICS.md says where
 * each step fires. Steps are names of moments, never data about the visitor.
 */
export const ANALYTICS_STEPS = {
  registration: ['signup_opened', 'signup_submitted', 'signup_succeeded', 'join_opened', 'join_requested', 'email_verified'],
  profile: ['wizard_opened', 'profile_created', 'share_link_created', 'profile_attached', 'questionnaire_opened', 'questionnaire_sent'],
  pair: ['check_started', 'result_shown', 'result_shared', 'love_unlock_bought'],
  team: ['team_created', 'team_check_run', 'comparison_run', 'simulator_opened', 'simulator_changed', 'simulator_run'],
} as const;

/** Funnels with analytics events: registration, profile, pair and team. */
export type AnalyticsKind = keyof typeof ANALYTICS_STEPS;
export const ANALYTICS_KINDS = Object.keys(ANALYTICS_STEPS) as [AnalyticsKind, ...AnalyticsKind[]];

/** A step of one funnel, or of any funnel when no kind is given. */
export type AnalyticsStep<K extends AnalyticsKind = AnalyticsKind> = (typeof ANALYTICS_STEPS)[K][number];
export const ANALYTICS_STEP_NAMES = [...new Set(Object.values(ANALYTICS_STEPS).flat())] as [AnalyticsStep, ...AnalyticsStep[]];

/** Whether `step` is one of the steps of funnel `kind`; false for unknown funnels. */
export function isAnalyticsStep(kind: string, step: string): boolean {
  return Object.hasOwn(ANALYTICS_STEPS, kind) && (ANALYTICS_STEPS[kind as AnalyticsKind] as readonly string[]).includes(step);
}
