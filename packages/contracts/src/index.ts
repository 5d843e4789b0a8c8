export * from './api.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './gate.ts';
export * from './locale.ts';
export * from './roles.ts';
export * from './system.ts';
export * from './validation.ts';
