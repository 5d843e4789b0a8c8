import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  groupPrefix,
  resultEnvelope,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResult,
  type Locale,
  type Role,
} from '@teamcast/contracts';
import { REFRESHED_TOKEN_HEADER, bearerToken, type AuthContext } from './auth.ts';
import { AppError } from './errors.ts';

/** Who may call a route: anyone, or signed-in users of the listed roles. */
export type Access = 'anonymous' | readonly Role[];

export type HandlerContext<E extends Endpoint, A extends Access> = {
  params: EndpointParams<E>;
  query: EndpointQuery<E>;
  body: EndpointBody<E>;
  auth: A extends 'anonymous' ? AuthContext | null : AuthContext;
  locale: Locale;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type RouteOptions<E extends Endpoint, A extends Access> = {
  access: A;
  handler: (context: HandlerContext<E, A>) => Promise<EndpointResult<E>>;
  /** Success status; 200 unless given. */
  status?: number;
  /**
   * A status chosen from the result, for an answer that is a full result but not a success (health answers 503 with its
   * report when the service cannot serve): each status it can give is listed, so the response is serialised and
   * documented the same way for all of them.
   */
  statusOf?: { statuses: readonly number[]; of: (result: EndpointResult<E>) => number };
  rateLimit?: RateLimitOptions;
  /** Largest accepted body in bytes, when the default (1 MiB) does not fit. */
  bodyLimit?: number;
};

/** One line of the access catalogue, listing every route with who may call it. */
export type RouteAccess = { method: string; url: string; access: Access; rateLimited?: boolean };

/** Fastify path of an endpoint: `:param` segments are Fastify's syntax already. */
export function endpointUrl(endpoint: Endpoint): string {
  return groupPrefix(endpoint.group) + endpoint.path;
}

/**
 * Registers an endpoint in the fixed order: declare access, authenticate and check the role, validate, then the
 * handler (which loads and authorises the object and calls the service), then the `{ result }` envelope.
 */
export function route<E extends Endpoint, const A extends Access>(app: FastifyInstance, endpoint: E, options: RouteOptions<E, A>): void {
  const url = endpointUrl(endpoint);
  app.accessCatalogue.push({ method: endpoint.method, url, access: options.access, rateLimited: Boolean(options.rateLimit) });
  const status = options.status ?? 200;
  app.route({
    method: endpoint.method,
    url,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.group],
      ...(options.access === 'anonymous' ? {} : { security: [{ bearer: [] }], description: `Roles: ${options.access.join(', ')}` }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: Object.fromEntries([status, ...(options.statusOf?.statuses ?? [])].map((code) => [code, resultEnvelope(endpoint.result)])),
    },
    // Authentication runs before the body is parsed and validated: a caller without access learns nothing else.
    onRequest: async (request, reply) => {
      request.auth = null;
      if (options.access === 'anonymous') return;
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new AppError('unauthorized');
      const { auth, refreshed } = await app.authenticator.verify(token);
      if (!options.access.includes(auth.role)) throw new AppError('forbidden');
      request.auth = auth;
      if (refreshed) reply.header(REFRESHED_TOKEN_HEADER, refreshed);
    },
    handler: async (request, reply) => {
      const result = await options.handler({
        params: request.params as EndpointParams<E>,
        query: request.query as EndpointQuery<E>,
        body: request.body as EndpointBody<E>,
        auth: request.auth as HandlerContext<E, A>['auth'],
        locale: request.locale,
        request,
        reply,
      });
      reply.status(options.statusOf ? options.statusOf.of(result) : status);
      return { result };
    },
  });
}
