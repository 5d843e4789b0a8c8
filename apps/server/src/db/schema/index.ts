export * from './accounts.ts';
export * from './sessions.ts';
