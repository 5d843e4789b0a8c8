import type { EventType } from './types.ts';

/** Events that make an actor active. */
export const ACTIVATING: ReadonlySet<EventType> = new Set(['join', 'start', 'rejoin', 'manager_join', 'lead_join']);

/** Rank events: the ones a same-day rank or disrank replaces. */
export const RANK_EVENTS: ReadonlySet<EventType> = new Set(['m_rank', 'm_disrank', 'l_rank', 'l_disrank']);
