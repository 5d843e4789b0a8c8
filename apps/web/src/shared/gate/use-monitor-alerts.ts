import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../ui/notify.ts';
import { useGateEvent } from './gate.ts';

/**
 * The monitor's alerts as they happen: a `monitorAlert` push (sent with the alert's mail) shows a notification
 * wherever the owner is and makes the monitor's list read again, so an open monitor shows the new month at once.
 */
export function useMonitorAlerts(): void {
  const { t } = useTranslation('common');
  const client = useQueryClient();
  useGateEvent(
    'monitorAlert',
    useCallback(
      (message) => {
        notify.warning(t(`monitorAlert.${message.payload.kind}`, { title: message.payload.title, months: message.payload.months.join(', ') }));
        void client.invalidateQueries({ queryKey: ['monitor'] });
      },
      [client, t],
    ),
  );
}
