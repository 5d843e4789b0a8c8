import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db.ts';
import { parseProxyTrust, type ProxyTrust } from './proxy-trust.ts';

const booleanFlag = z.enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no']).transform((value) => ['true', '1', 'on', 'yes'].includes(value));

const listOfHosts = z.string().transform((value) =>
  value
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean),
);

const proxyTrust = z
  .string()
  .optional()
  .transform((value, context): ProxyTrust => {
    const parsed = parseProxyTrust(value);
    if (typeof parsed !== 'string') return parsed;
    context.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  });

const ConfigSchema = z.object({
  /**
   * `test` only for the test suites (no demo data on their listening apps); `development` and `production` behave the
   * same: nothing of security depends on this value (docs/SECURITY.md).
   */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The address people open; http://localhost:<PORT> when unset. */
  PUBLIC_URL: z.url().optional(),
  /** Proxies whose X-Forwarded-* and x-request-id headers count: off (default), a hop count, or their addresses. */
  TRUST_PROXY: proxyTrust,
  /** PostgreSQL connection string; when absent the embedded PGlite under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL only, in milliseconds: opening a connection or waiting for a free one of the pool. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  /** PostgreSQL only, ms: statement_timeout of request work (0 = none); the client gives up a second later when nothing answers. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  /** PostgreSQL only, ms: idle_in_transaction_session_timeout (0 = none). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs),
  /** PostgreSQL only, ms: statement_timeout of migrations, advisory-lock work, backup and restore (0 = none). */
  DB_MAINTENANCE_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(DEFAULT_DATABASE_TIMEOUTS.maintenanceMs),
  /** Secret that signs access tokens; generated once and kept in DATA_DIR when absent. */
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * ms a checked session is trusted without reading it again (0 = read on every request). Ended sessions are dropped
   * at once in every process by their notification; this bounds the case where one is lost.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Demo data on first start; defaults to on for the embedded database, off with DATABASE_URL. */
  DEMO_DATA: booleanFlag.optional(),
  /** Hosts that get the love variant. */
  LOVE_HOSTS: listOfHosts.default([]),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Teamcast <no-reply@teamcast.local>'),
  SUPPORT_EMAIL: z.email().default('support@teamcast.local'),
  /** Support contact of the love hosts (LOVE_HOSTS): shown there and in mail to love owners (spec: the contact depends on the host). */
  LOVE_SUPPORT_EMAIL: z.email().default('flame-support@teamcast.local'),
  /** First retry delay of a failed mail, in seconds; it doubles on each attempt (up to 6 hours), the retry loop looks twice as often. */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Days after which a profile that no pair, team or report uses is deleted (counted from its sending, or creation if
   * never sent); its owner is warned by mail a week before. 0 keeps profiles until their owner deletes them.
   */
  PROFILE_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(365),
  /** Folder of the built web app that the server serves. */
  WEB_DIST: z.string().optional(),
  /** OpenAI-compatible chat endpoint (base URL, e.g. https://api.openai.com/v1) for pair narratives; unset uses the built-in writer. */
  CHAT_MODEL_URL: z.url().optional(),
  CHAT_MODEL_NAME: z.string().min(1).default('gpt-4o-mini'),
  CHAT_MODEL_KEY: z.string().optional(),
  /** Stripe secret key (sk_...); when set, cards are charged through Stripe instead of the built-in test provider. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must start with sk_ or rk_')
    .optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_...); enables POST /api/payment/webhook. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must start with whsec_')
    .optional(),
  /** Stripe publishable key (pk_...) for Stripe Elements in the browser. */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must start with pk_').optional(),
  /** Another Stripe API address (stripe-mock, a test double); Stripe's own API when unset. */
  STRIPE_API_BASE: z.url().optional(),
});

export type Config = Omit<z.infer<typeof ConfigSchema>, 'DEMO_DATA' | 'WEB_DIST' | 'PUBLIC_URL'> & {
  DEMO_DATA: boolean;
  PUBLIC_URL: string;
  /** Absolute API bases the web app is built with (VITE_API_BASE, VITE_API_BASE_<GROUP>); the pages may connect to them. */
  API_BASES: string[];
  WEB_DIST: string;
  /** Absolute DATA_DIR. */
  dataDir: string;
};

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  return {
    API_BASES: apiBases(cleaned),
    ...value,
    DEMO_DATA: value.DEMO_DATA ?? value.DATABASE_URL === undefined,
    PUBLIC_URL: value.PUBLIC_URL ?? defaultPublicUrl(value.HOST, value.PORT),
    WEB_DIST: path.resolve(value.WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    dataDir: path.resolve(value.DATA_DIR),
  };
}

/**
 * The address users reach when PUBLIC_URL is unset: this HOST and PORT, with `localhost` for the any-address hosts
 * (`0.0.0.0`, `::`), which no browser can open.
 */
export function defaultPublicUrl(host: string, port: number): string {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  const reachable = name === '' || name === '0.0.0.0' || name === '::' ? 'localhost' : name.includes(':') ? `[${name}]` : name;
  return `http://${reachable}:${port}`;
}

/** The absolute http(s) API bases among VITE_API_BASE and VITE_API_BASE_<GROUP>; relative ones are the same origin. */
function apiBases(env: Record<string, string | undefined>): string[] {
  const bases = Object.entries(env).filter(([key]) => /^VITE_API_BASE(_[A-Z]+)?$/.test(key));
  return bases.flatMap(([key, value]) => {
    if (!value || !/^https?:\/\//i.test(value)) return [];
    if (!URL.canParse(value)) throw new ConfigError(`Invalid configuration:\n  ${key}: not a valid address`);
    return [value];
  });
}

/** Whether the server accepts connections from this machine only (HOST is a loopback address or localhost). */
export function listensOnLoopbackOnly(config: Pick<Config, 'HOST'>): boolean {
  const host = config.HOST.trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The PostgreSQL time limits of the configuration. */
export function databaseTimeoutsOf(config: Config): DatabaseTimeouts {
  return {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    maintenanceMs: config.DB_MAINTENANCE_TIMEOUT_MS,
  };
}

/** The support contact of a platform variant: the love hosts have their own (spec section 1). */
export function supportEmailOf(config: Pick<Config, 'SUPPORT_EMAIL' | 'LOVE_SUPPORT_EMAIL'>, love: boolean): string {
  return love ? config.LOVE_SUPPORT_EMAIL : config.SUPPORT_EMAIL;
}
