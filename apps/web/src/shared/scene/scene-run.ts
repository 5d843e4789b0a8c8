import { ErrorEnvelopeSchema, decodeSceneDataset, errorMessage, sceneRunEndpoint, sceneSnapshotEndpoint, type Locale } from '@teamcast/contracts';
import { ApiError, apiCall } from '../api/client.ts';

/** Queues the computation of a scene (a team or the simulator's sandbox); its phases arrive over the gate. */
export async function runScene(id: string): Promise<string> {
  return (await apiCall(sceneRunEndpoint, { params: { id } })).ruid;
}

const env = import.meta.env as Record<string, string | undefined>;
const sceneBase = env.VITE_API_BASE_SCENE ?? env.VITE_API_BASE ?? '';

/**
 * Fetches the dataset of a finished run: its short-lived link first, then the (gzip'ed) data behind it. `complete`
 * tells whether the data holds what the screen reads; an empty or broken dataset is the spec's unstable connection.
 */
export async function fetchSceneDataset<T>(sceneId: string, ruid: string, locale: Locale, complete: (dataset: Partial<T>) => boolean): Promise<T> {
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
  // The numeric columns arrive in the compact encoding (contracts scene-dataset-encoding.ts).
  const dataset = response.ok && payload && typeof payload === 'object' ? (decodeSceneDataset(payload) as Partial<T>) : undefined;
  if (!response.ok || !dataset || !complete(dataset)) throw new ApiError('unstable_connection', errorMessage('unstable_connection', locale), response.status);
  return dataset as T;
}
