import {
  PAGE_LOCALE_HEADER,
  UPSTREAM_ID_HEADER,
  buildPath,
  ERROR_CODES,
  clientErrorMessage,
  type ErrorEnvelope,
  type Endpoint,
  type EndpointInput,
  type EndpointResult,
  type ErrorCode,
  type Locale,
  type ServiceGroup,
} from '@teamcast/contracts';
import { authStore } from '../auth/auth-store.ts';
import { domainRole, type Domain } from '../auth/domains.ts';

/** A failed call: the server's error code and message, or a client-side one such as network_error. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Header the server uses to hand back a re-issued access token. */
const REFRESHED_TOKEN_HEADER = 'x-access-token';
const UPSTREAM_KEY = 'teamcast.upstreamId';

type ClientState = {
  domain: Domain;
  locale: Locale;
  onUnauthorized: (domain: Domain) => void;
  /** Base per service group, with a shared fallback; empty means same origin. */
  bases: Partial<Record<ServiceGroup, string>> & { fallback: string };
};

const env = import.meta.env as Record<string, string | undefined>;

const state: ClientState = {
  domain: 'public',
  locale: 'ru',
  onUnauthorized: () => {},
  bases: {
    fallback: env.VITE_API_BASE ?? '',
    passport: env.VITE_API_BASE_PASSPORT,
    owner: env.VITE_API_BASE_OWNER,
    profile: env.VITE_API_BASE_PROFILE,
    estimator: env.VITE_API_BASE_ESTIMATOR,
    admin: env.VITE_API_BASE_ADMIN,
    scene: env.VITE_API_BASE_SCENE,
    payment: env.VITE_API_BASE_PAYMENT,
    chat: env.VITE_API_BASE_CHAT,
  },
};

/** Wiring done once by the app: which domain the current route is in, the language, what a 401 does. */
export function configureApi(patch: Partial<ClientState>): void {
  Object.assign(state, patch);
}

export function storeUpstreamId(id: string | null): void {
  if (id) sessionStorage.setItem(UPSTREAM_KEY, id);
  else sessionStorage.removeItem(UPSTREAM_KEY);
}

/** The codes alone: their texts (the catalogue) stay out of the first load; the server sends texts in the envelope. */
const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * Whether a response body is the error envelope (what `ErrorEnvelopeSchema` accepts: a known code, a message, an
 * optional field), checked by hand so the first load of every page does without zod.
 */
export function isErrorEnvelope(payload: unknown): payload is ErrorEnvelope {
  if (!payload || typeof payload !== 'object' || !('error' in payload)) return false;
  const error: unknown = payload.error;
  if (!error || typeof error !== 'object') return false;
  const { code, message, field } = error as Record<string, unknown>;
  return typeof code === 'string' && KNOWN_CODES.has(code) && typeof message === 'string' && (field === undefined || typeof field === 'string');
}

function serialiseQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) value.forEach((item) => params.append(key, String(item)));
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls an endpoint: JSON in and out, `result` unwrapped, the bearer token of the current route's domain and the
 * upstream id attached; a 401 signs that domain out and sends it to its login; a missing response is a network error.
 * `extraHeaders` adds call-specific headers such as Idempotency-Key.
 */
export async function apiCall<E extends Endpoint>(
  endpoint: E,
  input: EndpointInput<E> = {} as EndpointInput<E>,
  extraHeaders: Record<string, string> = {},
): Promise<EndpointResult<E>> {
  const { params, query, body } = input as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const domain = state.domain;
  const role = domainRole[domain];
  // The server answers in the page's language (PAGE_LOCALE_HEADER wins over the host's language there).
  const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json', 'accept-language': state.locale, [PAGE_LOCALE_HEADER]: state.locale };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const token = role ? authStore.get(role)?.token : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  const upstream = sessionStorage.getItem(UPSTREAM_KEY);
  if (upstream) headers[UPSTREAM_ID_HEADER] = upstream;

  const base = state.bases[endpoint.group] ?? state.bases.fallback;
  const url = base + buildPath(endpoint, params) + serialiseQuery(query);
  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    console.error('network error', endpoint.method, url, error);
    throw new ApiError('network_error', clientErrorMessage('network_error', state.locale), 0);
  }

  const refreshed = response.headers.get(REFRESHED_TOKEN_HEADER);
  if (refreshed && role) authStore.refresh(role, refreshed);

  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok && payload && typeof payload === 'object' && 'result' in payload) {
    return (payload as { result: EndpointResult<E> }).result;
  }
  const failure = isErrorEnvelope(payload)
    ? new ApiError(payload.error.code, payload.error.message, response.status, payload.error.field)
    : new ApiError('unexpected_error', clientErrorMessage('unexpected_error', state.locale), response.status);
  // Only a call that carried a token has a sign-in to end; a refused sign-in attempt stays on its page.
  if (response.status === 401 && role && token) {
    authStore.clear(role);
    state.onUnauthorized(domain);
  }
  console.error('api error', endpoint.method, url, response.status, failure.code);
  throw failure;
}
