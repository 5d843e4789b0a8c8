import type { NotificationData } from '@mantine/notifications';
import { mantineReady } from './mantine-ready.ts';

/** Shows a notification, loading Mantine's notification system (and its area) on first use. */
function show(data: NotificationData): void {
  mantineReady.set();
  void Promise.all([import('@mantine/notifications'), import('@mantine/core/styles.css'), import('@mantine/notifications/styles.css')]).then(
    ([{ notifications }]) => notifications.show(data),
  );
}

/** Notification kinds and where they appear (spec section 8): positive top, negative top-right, warning bottom. */
export const notify = {
  positive: (message: string) => show({ message, color: 'teal', position: 'top-center' }),
  negative: (message: string) => show({ message, color: 'red', position: 'top-right' }),
  warning: (message: string) => show({ message, color: 'yellow', position: 'bottom-center' }),
  /** Stays until the user closes it. */
  sticky: (id: string, message: string, onClose?: () => void) =>
    show({ id, message, autoClose: false, withCloseButton: true, position: 'bottom-center', onClose }),
};
