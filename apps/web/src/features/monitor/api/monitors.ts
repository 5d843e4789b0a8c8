import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  historyGetEndpoint,
  monitorDeleteEndpoint,
  monitorExportEndpoint,
  monitorLinksEndpoint,
  monitorListEndpoint,
  monitorOutcomeEndpoint,
  monitorStartEndpoint,
  scenesListEndpoint,
  type MonitorKind,
} from '@teamcast/contracts';
import { apiCall } from '../../../shared/api/client.ts';

const MONITORS_KEY = ['monitor', 'list'] as const;

const monitorsQuery = () => queryOptions({ queryKey: MONITORS_KEY, queryFn: () => apiCall(monitorListEndpoint) });

/** Every monitored team and pair of the owner with the calibration over them; no call while the plan lacks the monitor. */
export const useMonitors = (enabled: boolean) => useQuery({ ...monitorsQuery(), enabled });

/** What can be monitored: the owner's teams and the pairs of the dashboard history (the recent pair forecasts). */
export function useMonitorCandidates(enabled: boolean) {
  return useQuery({
    queryKey: ['monitor', 'candidates'],
    enabled,
    queryFn: async () => {
      const [teams, history] = await Promise.all([apiCall(scenesListEndpoint, { query: { limit: 1000 } }), apiCall(historyGetEndpoint)]);
      return [
        ...teams.items.map((scene) => ({ kind: 'team' as MonitorKind, id: scene._id, title: scene.title })),
        ...history.entries.filter((entry) => entry.type === 'pair').map((entry) => ({ kind: 'pair' as MonitorKind, id: entry.id, title: entry.title })),
      ];
    },
  });
}

function useMonitorMutation<A, R>(call: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: MONITORS_KEY }) });
}

export const useStartMonitor = () => useMonitorMutation((body: { kind: MonitorKind; subjectId: string }) => apiCall(monitorStartEndpoint, { body }));
export const useStopMonitor = () => useMonitorMutation((id: string) => apiCall(monitorDeleteEndpoint, { params: { id } }));
export const useIssueLinks = () => useMonitorMutation((id: string) => apiCall(monitorLinksEndpoint, { params: { id } }));
export const useAddOutcome = () =>
  useMonitorMutation(({ id, ...body }: { id: string; kind: 'pair_ended' | 'person_left'; memberId?: string; day: string; note?: string }) =>
    apiCall(monitorOutcomeEndpoint, { params: { id }, body }),
  );

/** Downloads the monitor's CSV. */
export async function downloadCsv(id: string): Promise<void> {
  const { filename, csv } = await apiCall(monitorExportEndpoint, { params: { id } });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.click();
  URL.revokeObjectURL(url);
}
