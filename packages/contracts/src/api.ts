import { z } from 'zod';
import type { HttpMethod, ServiceGroup } from './api-paths.ts';

export { SERVICE_GROUPS, UPSTREAM_ID_HEADER, buildPath, groupPrefix, type HttpMethod, type ServiceGroup } from './api-paths.ts';

/**
 * One API call: where it lives and the schemas of what goes in and comes out.
 * The server registers it, the OpenAPI document describes it, the web client calls it.
 */
export type Endpoint = {
  group: ServiceGroup;
  method: HttpMethod;
  /** Path relative to the group, with `:param` segments. */
  path: string;
  summary: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Schema of the `result` field of a success response. */
  result: z.ZodType;
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

/** The success envelope: every success response is `{ result }`. */
export function resultEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ result: schema });
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type InferInput<S> = S extends z.ZodType ? z.input<S> : undefined;

export type EndpointResult<E extends Endpoint> = z.infer<E['result']>;
export type EndpointParams<E extends Endpoint> = Infer<E['params']>;
export type EndpointQuery<E extends Endpoint> = Infer<E['query']>;
export type EndpointBody<E extends Endpoint> = Infer<E['body']>;

/** What a caller passes: only the parts the endpoint declares, in their input shape. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: InferInput<E['params']> } : { params?: never }) &
  (E['query'] extends z.ZodType ? { query?: InferInput<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType ? { body: InferInput<E['body']> } : { body?: never });

/** Paging query shared by list calls. */
export const PagingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/**
 * Keyset paging (issue 30): the `nextCursor` of the previous page, for the same filters, sort and order; the page then
 * starts right after that row whatever was inserted meanwhile, and `offset` is ignored. It costs the same at any depth.
 */
export const CursorQuerySchema = z.string().max(200).optional();
/** The cursor of the next page; null on the last page. */
export const NextCursorSchema = z.string().nullable();
