import { notifications } from '@mantine/notifications';

/** Notification kinds and where they appear (spec section 8): positive top, negative top-right, warning bottom. */
export const notify = {
  positive: (message: string) => notifications.show({ message, color: 'teal', position: 'top-center' }),
  negative: (message: string) => notifications.show({ message, color: 'red', position: 'top-right' }),
  warning: (message: string) => notifications.show({ message, color: 'yellow', position: 'bottom-center' }),
  /** Cookie and privacy notices: they stay until the user closes them. */
  sticky: (id: string, message: string, onClose?: () => void) =>
    notifications.show({ id, message, autoClose: false, withCloseButton: true, position: 'bottom-center', onClose }),
};
