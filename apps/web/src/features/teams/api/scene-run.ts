import { ErrorEnvelopeSchema, errorMessage, sceneRunEndpoint, sceneSnapshotEndpoint, type Locale, type TeamIndicators } from '@teamcast/contracts';
import { ApiError, apiCall } from '../../../shared/api/client.ts';

/** Queues the computation of a team; its phases arrive over the gate. */
export async function runScene(id: string): Promise<string> {
  return (await apiCall(sceneRunEndpoint, { params: { id } })).ruid;
}

/** The parts of a computed dataset the team screens read. */
export type TeamDataset = {
  summary: TeamIndicators;
  renderDays: number[];
  firstDay: number;
  teamColumns: { microclimate: Array<number | null> };
};

const env = import.meta.env as Record<string, string | undefined>;
const sceneBase = env.VITE_API_BASE_SCENE ?? env.VITE_API_BASE ?? '';

/** Fetches the dataset of a finished run: first its short-lived link, then the (gzip'ed) data behind it. */
export async function fetchDataset(sceneId: string, ruid: string, locale: Locale): Promise<TeamDataset> {
  const { url } = await apiCall(sceneSnapshotEndpoint, { params: { sceneId }, query: { ruid } });
  let response: Response;
  try {
    response = await fetch(sceneBase + url, { headers: { accept: 'application/json', 'accept-language': locale } });
  } catch {
    throw new ApiError('network_error', errorMessage('network_error', locale), 0);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const envelope = ErrorEnvelopeSchema.safeParse(payload);
    if (envelope.success) throw new ApiError(envelope.data.error.code, envelope.data.error.message, response.status);
  }
  const dataset = payload as TeamDataset | undefined;
  // An empty or broken dataset is the spec's unstable connection.
  if (!response.ok || !dataset?.summary) throw new ApiError('unstable_connection', errorMessage('unstable_connection', locale), response.status);
  return dataset;
}
