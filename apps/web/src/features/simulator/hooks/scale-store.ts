import { createLocalStore } from '../../../shared/ui/local-store.ts';

/** Timeline zoom bounds (1.0 = the year fits the timeline's width). */
export const SCALE_MIN = 0.5;
export const SCALE_MAX = 4;
export const SCALE_DEFAULT = 1;

const clampScale = (value: number) => Math.min(SCALE_MAX, Math.max(SCALE_MIN, Math.round(value * 100) / 100));

/** The timeline scale, remembered in this browser (spec section 9: default 1.0, saved locally). */
export const scaleStore = createLocalStore<number>('teamcast.simulator.scale', SCALE_DEFAULT, (raw) =>
  typeof raw === 'number' && Number.isFinite(raw) ? clampScale(raw) : undefined,
);

export const setScale = (value: number) => scaleStore.set(clampScale(value));
