import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { AppError, RequestValidationError } from './core/errors.ts';
import { PAGE_LOCALE_HEADER, decideLocale, parseInput } from '@teamcast/contracts';
import { createAuthenticator, forgetEndedSessions } from './core/auth.ts';
import { createSealer } from './core/sealer.ts';
import type { Config } from './core/config.ts';
import type { Database } from './core/db.ts';
import { databaseRateLimitStore } from './core/rate-limit-store.ts';
import { createAfterAnswer } from './core/after-answer.ts';
import { registerErrorHandling, sendError } from './core/error-handler.ts';
import { responseSerializerCompiler } from './core/response-serializer.ts';
import { isValidated } from './core/validated-bodies.ts';
import { registerWeb } from './core/web.ts';
import { trustFunction } from './core/proxy-trust.ts';
import { securityHeaders } from './core/security-headers.ts';
import { serializeError } from './core/log-redaction.ts';
import { logStream } from './core/log-format.ts';
import { createStorageFailures } from './core/storage-failure.ts';
import { cacheResult } from './modules/scenes/scenes.repository.ts';
import { modules } from './modules/index.ts';
import { version } from './core/version.ts';
import { createGateHub } from './modules/gate/gate.hub.ts';
import { hostInfo } from './modules/site/site.service.ts';
import { createComputeRunner } from './modules/compute/compute.runner.ts';
import { createDatabaseStorage, createFileStorage } from './core/storage.ts';
import path from 'node:path';

/** JSON answers from this size on are compressed for clients that accept it. */
export const JSON_COMPRESS_THRESHOLD_BYTES = 16 * 1024;

/** A request id from a trusted proxy is kept when it looks like one: letters, digits and `._:-`, at most 128. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Origins the pages may connect to (connect-src): their own, the websocket form of PUBLIC_URL, and the API bases the
 * web app was built with (VITE_API_BASE, VITE_API_BASE_<GROUP>) with their websocket forms.
 */
/** The language a request is answered in: the page's (the web app's header), else the host's, else the browser's, else Russian. */
function requestLocale(request: FastifyRequest) {
  return decideLocale({ device: request.headers[PAGE_LOCALE_HEADER], host: request.host, accepted: request.headers['accept-language'] });
}

export function connectSources(config: Pick<Config, 'PUBLIC_URL' | 'API_BASES'>): string[] {
  const origins = new Set<string>();
  for (const base of [config.PUBLIC_URL, ...config.API_BASES]) {
    const url = new URL(base);
    origins.add(url.origin);
    origins.add(`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`);
  }
  return ["'self'", ...origins];
}

export type AppDeps = { config: Config; database: Database; secret: Uint8Array };

/** Builds the HTTP application: external plugins first, then the app's core, then the routes of every module. */
export async function buildApp({ config, database, secret }: AppDeps): Promise<FastifyInstance> {
  const trust = trustFunction(config.TRUST_PROXY);
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL, serializers: { err: serializeError }, stream: logStream() },
    logController: new LogController({ disableRequestLogging: true }),
    // Forwarded addresses, hosts and protocols count only from the proxies TRUST_PROXY names (none by default).
    trustProxy: trust,
    bodyLimit: 1024 * 1024,
    // A client's own x-request-id is not taken: only a trusted proxy's, so log lines cannot be forged or merged.
    requestIdHeader: false,
    genReqId: (raw) => {
      const given = raw.headers['x-request-id'];
      const peer = raw.socket?.remoteAddress;
      return trust && peer && typeof given === 'string' && REQUEST_ID.test(given) && trust(peer, 0) ? given : crypto.randomUUID();
    },
    // Errors the router raises before any hook runs (malformed or over-long addresses) still leave as the envelope.
    frameworkErrors: (error, request, reply) => {
      request.locale = requestLocale(request);
      sendError(reply, request, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uri_too_long' : 'bad_request');
    },
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('authenticator', createAuthenticator(database.db, secret, undefined, config.SESSION_CACHE_MS));
  app.decorate('secondFactorSealer', createSealer(secret, 'second-factor'));
  app.decorate('accessCatalogue', []);
  app.decorate('storageFailures', createStorageFailures());
  app.decorate('gate', createGateHub(database, app.log));
  app.decorate('afterAnswer', createAfterAnswer(app.log));
  // Datasets live beside the data when the database is embedded, and in the shared database on a PostgreSQL server.
  app.decorate('storage', database.driver === 'postgres' ? createDatabaseStorage(database.db) : createFileStorage(path.join(config.dataDir, 'storage')));
  app.decorate(
    'compute',
    createComputeRunner({
      database,
      storage: app.storage,
      gate: app.gate,
      log: app.log,
      idleThreads: config.NODE_ENV === 'test' ? 0 : 1,
      cacheDigest: (tx, job, digest) => cacheResult(tx, job.subjectId, job, digest),
    }),
  );
  let stopForgetting: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopForgetting = await forgetEndedSessions(database, app.authenticator);
    await app.gate.start();
    await app.compute.start();
  });
  app.addHook('preClose', async () => {
    await app.afterAnswer.settled();
    await app.compute.stop();
    await app.gate.stop();
    await stopForgetting?.();
  });
  app.decorateRequest('locale', 'ru');
  app.decorateRequest('auth', null);

  app.setValidatorCompiler(({ schema, httpPart }) => (data) => {
    if (httpPart === 'body' && isValidated(data)) return { value: data };
    const parsed = parseInput(schema as unknown as ZodType, data);
    return parsed.success ? { value: parsed.data } : { error: new RequestValidationError(parsed.error.issues) };
  });
  // Responses are checked against their contracts in the test suites only; in production they are only serialised.
  app.setSerializerCompiler(responseSerializerCompiler(config.NODE_ENV === 'test'));
  registerErrorHandling(app);

  const https = config.PUBLIC_URL.startsWith('https://');
  // With Stripe configured, Stripe Elements loads Stripe.js, frames the card fields and talks to Stripe's API.
  const stripe = Boolean(config.STRIPE_PUBLISHABLE_KEY);
  // Every answer, the web app's files and the errors included, leaves with helmet's headers for these options.
  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        // Mantine sets inline style attributes; scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [...connectSources(config), ...(stripe ? ['https://api.stripe.com'] : [])],
        ...(stripe ? { frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = requestLocale(request);
    reply.headers(security);
    reply.header('x-request-id', request.id);
    done();
  });
  // One log line per request, with the route pattern rather than the raw URL so link tokens never reach the log
  // (request.log already carries the request id as reqId).
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });

  // Large JSON answers (lists, datasets) travel compressed, brotli at quality 4 (Fast, about gzip -9's size) or gzip;
  // small ones are sent as they are, where compressing costs more time than it saves. The web app's files come
  // compressed already (core/web.ts).
  // Request bodies are not decompressed: no client of ours sends them compressed, and a small compressed body can stand
  // for a large one. A body sent with a content encoding is refused as unreadable.
  await app.register(compress, {
    threshold: JSON_COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    globalDecompression: false,
  });
  // Counters in the database, shared by every process; when the database cannot answer, the limit steps aside and the
  // route's own database work answers 503.
  const rateLimitStore = databaseRateLimitStore(database);
  app.addHook('onClose', async () => rateLimitStore.stop());
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore.Store,
    skipOnError: true,
    errorResponseBuilder: () => new AppError('rate_limited'),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Teamcast API', version, description: 'Every success is `{ "result": ... }`; every failure `{ "error": { "code", "message" } }`.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.accessCatalogue.push({ method: 'GET', url: '/api/openapi.json', access: 'anonymous' });

  for (const module of modules) await app.register(module);

  await registerWeb(app, config.WEB_DIST, (host) => hostInfo(config, host).variant === 'love');
  return app;
}
