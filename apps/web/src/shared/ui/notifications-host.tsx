import { Suspense, lazy, useSyncExternalStore } from 'react';
import { ControlLabels } from './control-labels.tsx';
import { mantineReady } from './mantine-ready.ts';

const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

/**
 * Mantine's notification area, mounted only once a Mantine screen or a notification needs it, so public pages do
 * not download it. Notifications shown before it mounts wait in Mantine's store and appear when it does.
 */
export function NotificationsHost({ limit }: { limit: number }) {
  const needed = useSyncExternalStore(mantineReady.subscribe, mantineReady.get);
  if (!needed) return null;
  return (
    <ControlLabels>
      <Suspense fallback={null}>
        <Notifications limit={limit} />
      </Suspense>
    </ControlLabels>
  );
}
