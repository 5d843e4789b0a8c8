/** Kinds of profile the scoring model scores: the work questionnaires (full and short). */
export const SCORED_KINDS = ['standard', 'short'] as const;

/** Kinds of profile the love model's rules score (love-scoring.ts, docs/love-model.md). */
export const LOVE_SCORED_KINDS = ['love', 'couple'] as const;
