import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '../../core/errors.ts';

/**
 * Writes by a questionnaire link (send, upgrade, ask for a new link): at most this many per link in the window. A link
 * names one profile, so this is also the limit per profile; a person sends once, this leaves room for retries.
 */
export const WRITES_PER_LINK = 20;
/**
 * The abuse ceiling of one client address over every link together in the window: high enough that a rollout of 500
 * people behind one office address (NAT) sends in one go, low enough to stop one machine flooding many links.
 */
export const WRITES_PER_ADDRESS = 1_000;
const WINDOW = '10 minutes';

type PermalinkRequest = FastifyRequest<{ Params: { permalink?: string } }>;

/** The two limits of link writes: a route's own limit keyed by its link, and a check of the address ceiling. */
export function linkWriteLimits(app: FastifyInstance): {
  perLink: RateLimitOptions;
  addressCeiling: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
} {
  const perLink: RateLimitOptions = {
    max: WRITES_PER_LINK,
    timeWindow: WINDOW,
    keyGenerator: (request) => `link|${(request as PermalinkRequest).params.permalink ?? ''}`,
  };
  // Counted only for writes the per-link limit let through, so a flood on one link does not use up the office's ceiling.
  const limit = app.createRateLimit({ max: WRITES_PER_ADDRESS, timeWindow: WINDOW, keyGenerator: (request) => `link-writes|${request.ip}` });
  const addressCeiling = async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new AppError('rate_limited');
    }
  };
  return { perLink, addressCeiling };
}
