import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_PGLITE_SHARED_BUFFERS,
  DEFAULT_PGLITE_WASM_COMPILER,
  MEMORY_SIZE,
  memorySizeInKb,
  PGLITE_WASM_COMPILERS,
} from './db/pglite';
import { shopEnvironment } from './shop-mode';

/**
 * Configuration, read from the environment and validated once at start-up. Every variable is
 * listed with a comment in `.env.example`.
 */

const MIN_SECRET_LENGTH = 32;
const WEAK_SECRETS = new Set(['secret', 'changeme', 'change-me', 'development', 'password']);

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

const orderRetentionDaysSetting = z.preprocess(
  emptyToUndefined,
  z.coerce.number().int().min(30).max(36_500).default(730),
);

/** PostgreSQL refuses fewer than 16 buffers (128 kB); PGlite's 32-bit heap stops at 2 GB. */
const pgliteSharedBuffersSetting = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(MEMORY_SIZE, 'must be a size in kB, MB or GB, e.g. 16MB')
    .refine(
      (size) => memorySizeInKb(size) >= 128 && memorySizeInKb(size) <= 1024 * 1024,
      'must be between 128kB and 1GB',
    )
    .default(DEFAULT_PGLITE_SHARED_BUFFERS),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(4321)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('localhost')),
  TRUSTED_PROXIES: optionalString,
  PUBLIC_SITE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\//,
        'must be a postgres:// URL (or unset for the embedded database)',
      )
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('.data')),
  /** The embedded database's shared_buffers (ignored with DATABASE_URL). */
  PGLITE_SHARED_BUFFERS: pgliteSharedBuffersSetting,
  /** How V8 compiles the embedded database (ignored with DATABASE_URL). */
  PGLITE_WASM_COMPILER: z.preprocess(
    emptyToUndefined,
    z.enum(PGLITE_WASM_COMPILERS).default(DEFAULT_PGLITE_WASM_COMPILER),
  ),
  JWT_SECRET: optionalString,
  PAYMENT_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(['sandbox', 'stripe']).default('sandbox'),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Evergreen <shop@localhost>')),
  SHOP_EMAIL: z.preprocess(emptyToUndefined, z.email().default('support@evergreen.example')),
  SITE_NAME: z.preprocess(emptyToUndefined, z.string().default('Evergreen')),
  /** Where customers send approved returns (one line; the approval email prints it). */
  SHOP_RETURN_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.string().max(300).default('Evergreen Returns, 1200 Evergreen Way, Seattle, WA 98101'),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['silent', 'info', 'debug']).default('info')),
  /** Seconds an order may stay pending_payment before the recovery job settles it. */
  ORDER_RECOVERY_AFTER_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(86_400).default(600),
  ),
  /** Days order and contact data is kept before it is anonymised (the privacy policy's period). */
  ORDER_RETENTION_DAYS: orderRetentionDaysSetting,
  /** Seconds between rounds of the scheduled jobs (recovery, housekeeping, retention). */
  SCHEDULED_JOBS_EVERY_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(86_400).default(60),
  ),
  /** Seconds a stopping server lets requests in flight finish before it closes their connections. */
  SHUTDOWN_GRACE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().min(0).max(600).default(10),
  ),
  /** Where `npm run backup` and the nightly backup write their archives (default <DATA_DIR>/backups). */
  BACKUP_DIR: optionalString,
  /** The time of day (HH:MM, the server's local time) of the nightly backup; `off` turns it off. */
  BACKUP_AT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(off|([01]\d|2[0-3]):[0-5]\d)$/, 'must be a time of day such as 03:30, or off')
      .default('03:30'),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  /** Proxies whose X-Forwarded-For is believed (proxy-addr's list); unset: none. */
  trustedProxies: string | undefined;
  siteUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The embedded database's memory (PGlite; unused with DATABASE_URL). */
  embedded: { sharedBuffers: string; wasmCompiler: Env['PGLITE_WASM_COMPILER'] };
  jwtSecret: string;
  payments: {
    provider: Env['PAYMENT_PROVIDER'];
    stripeSecretKey: string | undefined;
    stripePublishableKey: string | undefined;
    stripeWebhookSecret: string | undefined;
  };
  mail: { smtpUrl: string | undefined; from: string; shopEmail: string };
  siteName: string;
  returnAddress: string;
  logLevel: Env['LOG_LEVEL'];
  orders: { recoveryAfterSeconds: number };
  jobs: { retentionDays: number; everySeconds: number };
  shutdownGraceMs: number;
  /** The backups' folder and the nightly backup's time of day (undefined: no nightly backup). */
  backups: { dir: string; at: string | undefined };
}

/** A configuration problem a person can fix; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function isWeakSecret(secret: string): boolean {
  return secret.length < MIN_SECRET_LENGTH || WEAK_SECRETS.has(secret.toLowerCase());
}

/** In development a missing secret is generated once and kept in `<dataDir>/secrets.json`. */
function developmentSecret(dataDir: string, name: string): string {
  const file = resolve(dataDir, 'secrets.json');
  const stored: Record<string, string> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
  const existing = stored[name];
  if (existing) return existing;
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...stored, [name]: secret }, null, 2), { mode: 0o600 });
  return secret;
}

/**
 * The shop's own address alone (SHOP_EMAIL, with its default), for pages rendered at build time,
 * which need no other setting. `config().mail.shopEmail` reads the same variable at run time.
 */
export function shopEmail(source: NodeJS.ProcessEnv = process.env): string {
  return envSchema.shape.SHOP_EMAIL.parse(source.SHOP_EMAIL);
}

/**
 * The retention period alone (ORDER_RETENTION_DAYS, with its default), for the privacy page, which
 * states it. `config().jobs.retentionDays` reads the same variable for the retention job.
 */
export function orderRetentionDays(source: NodeJS.ProcessEnv = process.env): number {
  return orderRetentionDaysSetting.parse(source.ORDER_RETENTION_DAYS);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';

  let jwtSecret = env.JWT_SECRET;
  if (isProduction) {
    if (!jwtSecret) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production.');
    if (isWeakSecret(jwtSecret)) {
      throw new ConfigError(
        `JWT_SECRET is too weak: use at least ${MIN_SECRET_LENGTH} random characters.`,
      );
    }
  } else if (!jwtSecret) {
    jwtSecret = developmentSecret(env.DATA_DIR, 'JWT_SECRET');
  }

  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const name of [
      'STRIPE_SECRET_KEY',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ] as const) {
      if (!env[name]) throw new ConfigError(`${name} is required when PAYMENT_PROVIDER=stripe.`);
    }
  }

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    trustedProxies: env.TRUSTED_PROXIES,
    siteUrl: env.PUBLIC_SITE_URL ?? `http://${env.HOST}:${env.PORT}`,
    databaseUrl: env.DATABASE_URL,
    dataDir: resolve(env.DATA_DIR),
    embedded: {
      sharedBuffers: env.PGLITE_SHARED_BUFFERS,
      wasmCompiler: env.PGLITE_WASM_COMPILER,
    },
    jwtSecret,
    payments: {
      provider: env.PAYMENT_PROVIDER,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, shopEmail: env.SHOP_EMAIL },
    siteName: env.SITE_NAME,
    returnAddress: env.SHOP_RETURN_ADDRESS,
    logLevel: env.LOG_LEVEL,
    orders: { recoveryAfterSeconds: env.ORDER_RECOVERY_AFTER_SECONDS },
    jobs: {
      retentionDays: env.ORDER_RETENTION_DAYS,
      everySeconds: env.SCHEDULED_JOBS_EVERY_SECONDS,
    },
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    backups: {
      dir: resolve(env.BACKUP_DIR ?? resolve(env.DATA_DIR, 'backups')),
      at: env.BACKUP_AT === 'off' ? undefined : env.BACKUP_AT,
    },
  };
}

let loaded: Config | undefined;

/** The process's configuration, loaded on first use. */
export function config(): Config {
  return (loaded ??= loadConfig(shopEnvironment()));
}
