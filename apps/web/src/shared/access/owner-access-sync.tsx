import { useMonitorAlerts } from '../gate/use-monitor-alerts.ts';
import { useAccessRulesSync } from './access-rules.ts';

/** Mounted once in each owner shell: keeps the access rules current from the gate's pushes, and hears monitor alerts. */
export function OwnerAccessSync() {
  useAccessRulesSync();
  useMonitorAlerts();
  return null;
}
