import { ErrorEnvelopeSchema, errorMessage, sceneRunEndpoint, sceneSnapshotEndpoint, type Locale, type TeamIndicators } from '@teamcast/contracts';
import type { ActorColumns, TeamColumns } from '@teamcast/engine';
import { ApiError, apiCall } from '../../../shared/api/client.ts';

type Plain<T> = { [K in keyof T]: Array<number | null> };

/** The computed dataset as the server sends it: the engine's SceneResult with plain arrays (NaN arrives as null). */
export type SceneDataset = {
  firstDay: number;
  days: number;
  actorIds: string[];
  renderDays: number[];
  summary: TeamIndicators;
  actorColumns: Plain<ActorColumns>;
  teamColumns: Plain<TeamColumns>;
  /** Pair ratings, day-major: stored day s, pair p at [s * pairCount + p]; pairs in the order (0,1), (0,2) … (1,2) … */
  pairs: { pairCount: number; days: number[]; ratings: Array<number | null> };
};

/** Queues the computation of the scene; its phases arrive over the gate. */
export async function runScene(id: string): Promise<string> {
  return (await apiCall(sceneRunEndpoint, { params: { id } })).ruid;
}

const env = import.meta.env as Record<string, string | undefined>;
const sceneBase = env.VITE_API_BASE_SCENE ?? env.VITE_API_BASE ?? '';

/** Fetches the dataset of a finished run: its short-lived link first, then the data behind it. */
export async function fetchSceneDataset(sceneId: string, ruid: string, locale: Locale): Promise<SceneDataset> {
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
  const dataset = payload as SceneDataset | undefined;
  // An empty dataset is the spec's unstable connection.
  if (!response.ok || !dataset?.summary || !dataset.actorColumns) throw new ApiError('unstable_connection', errorMessage('unstable_connection', locale), response.status);
  return dataset;
}
