import { useAccessRulesSync } from './access-rules.ts';

/** Mounted once in each owner shell: keeps the access rules current from the gate's pushes. */
export function OwnerAccessSync() {
  useAccessRulesSync();
  return null;
}
