export * from './accounts.ts';
export * from './sessions.ts';
export * from './site.ts';
export * from './questionnaires.ts';
export * from './profiles.ts';
export * from './compute.ts';
export * from './payments.ts';
export * from './scoring.ts';
