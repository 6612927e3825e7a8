/**
 * The only reader of process.env. Validates every variable at start-up and stops with a message that names
 * the bad variable. Everything else receives an `AppConfig`.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { DATA_EXPORTS_PER_HOUR } from '../domain/privacy.ts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535')
      .default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters long').optional(),
    PUBLIC_URL: z.url({ message: 'must be a URL such as http://localhost:3000' }).optional(),
    SEED_DEMO: booleanString.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIR: z.string().min(1).default('dist/web'),
    SSR: booleanString.default(true),
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\/[^/?#\s]+/,
        'must be an smtp:// or smtps:// URL such as smtps://user:password@host:465',
      )
      .refine(
        (v) => URL.canParse(v),
        'must be an smtp:// or smtps:// URL such as smtps://user:password@host:465',
      )
      .optional(),
    MAIL_FROM: z
      .string()
      .refine(
        (v) => parseMailbox(v) !== null,
        'must be an address such as hello@example.com or "Matric Moments <hello@example.com>"',
      )
      .optional(),
    API_DOCS_PUBLIC: booleanString.optional(),
    SHUTDOWN_GRACE_MS: z.coerce
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be between 0 and 600000')
      .max(600_000, 'must be between 0 and 600000')
      .default(10_000),
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters long')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/[^\s]*$/, 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379')
      .refine((v) => URL.canParse(v), 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379')
      .optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .max(64, 'must be at most 64 characters long')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .default('mm:'),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens',
      )
      .optional(),
    S3_ENDPOINT: httpUrl('must be an http:// or https:// URL such as https://s3.eu-west-1.amazonaws.com'),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, 'must be a region name such as af-south-1 (auto for Cloudflare R2)')
      .optional(),
    S3_ACCESS_KEY_ID: z
      .string()
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    S3_SECRET_ACCESS_KEY: z
      .string()
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    S3_FORCE_PATH_STYLE: booleanString.optional(),
    S3_PUBLIC_URL: httpUrl('must be an http:// or https:// URL such as https://images.example.com'),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx): TrustProxy => {
        const value = v.trim().toLowerCase();
        if (['false', 'off', 'no', '0'].includes(value)) return false;
        if (/^\d+$/.test(value)) return Number(value);
        const entries = value.split(',').map((e) => e.trim());
        if (entries.every(isAddressOrCidr)) return entries;
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, a number of proxy hops, or a comma-separated list of addresses/CIDRs',
        });
        return z.NEVER;
      }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
    }
    if (!env.S3_BUCKET) {
      for (const key of S3_SETTINGS) {
        if (env[key] !== undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: 'is set but S3_BUCKET is not' });
      }
    }
    // Both keys or neither (then the SDK's own chain: instance role, AWS_* variables, shared files).
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY set together',
      });
    }
  });

const S3_SETTINGS = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

function httpUrl(message: string) {
  return z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, message)
    .refine((v) => URL.canParse(v), message)
    .optional();
}

export type RawEnv = z.infer<typeof envSchema>;

/** One mailbox (`Name <address>` or a bare address) with a valid address, or null. */
export function parseMailbox(value: string): { name: string; address: string } | null {
  const parsed = addressparser(value, { flatten: true });
  if (parsed.length !== 1) return null;
  const [mailbox] = parsed;
  if (!mailbox?.address || !z.email().safeParse(mailbox.address).success) return null;
  return { name: mailbox.name, address: mailbox.address };
}

/**
 * Which proxies in front of the server may set X-Forwarded-For: none (false, the default), the nearest N
 * hops, or the listed addresses / CIDR ranges. Only then does `req.ip` come from the header.
 */
export type TrustProxy = false | number | string[];

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d+$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

export interface RateLimitConfig {
  /**
   * Sign-in guard (features/auth/sign-in-guard.ts, decision 0029): failures for one account from one
   * address before that address waits, progressively, between attempts on it.
   */
  signInFailuresPerPair: number;
  /** Failures from one address across accounts before it waits on the accounts it is failing on. */
  signInFailuresPerIp: number;
  /** Failures for one account across addresses before unknown devices wait between attempts. */
  signInFailuresPerEmail: number;
  /** Wrong passwords sent with one device cookie before it stops exempting from the waits. */
  signInFailuresPerDevice: number;
  /** A failure counter is forgotten this long after its last failure. */
  signInWindowMs: number;
  /** The first wait; it doubles with each further failure. */
  signInBaseDelayMs: number;
  /** The longest wait. */
  signInMaxDelayMs: number;
  /** Password checks of one account at the same moment. */
  signInMaxInFlight: number;
  signUpPerIp: number;
  /** Sign-ups for one email address (from any IP) in `signUpEmailWindowMs` (decision 0059). */
  signUpPerEmail: number;
  signUpEmailWindowMs: number;
  /** Enquiries from one email address (from any IP) in `enquiryEmailWindowMs` (decision 0059). */
  enquiriesPerEmail: number;
  enquiryEmailWindowMs: number;
  /** Window of the sign-up limit. */
  windowMs: number;
  /** Password reset requests (and reset attempts) from one client in 15 minutes. */
  resetRequestsPerIp: number;
  /** Password reset requests for one address in 15 minutes. */
  resetRequestsPerEmail: number;
  /** Verification emails one user may ask for in 15 minutes. */
  verificationMailsPerUser: number;
  /** Password or email changes (and account deletions) one user may try in 15 minutes. */
  accountChangesPerUser: number;
  /** Downloads of one user's data per hour (decision 0056). */
  dataExportsPerUser: number;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  authSecret: string;
  publicUrl: string;
  seedDemo: boolean;
  logLevel: RawEnv['LOG_LEVEL'];
  rateLimits: RateLimitConfig;
  /** Where the built web app lives (dist/web). */
  webDir: string;
  /** Render public pages on the server when the build has its server bundle (dist/server). */
  ssr: boolean;
  trustProxy: TrustProxy;
  /** Serve the OpenAPI description and its UI at /api/docs (by default outside production only). */
  apiDocsPublic: boolean;
  mail: MailConfig;
  /** On SIGTERM, how long in-flight requests may take to finish before their connections are closed. */
  shutdownGraceMs: number;
  /** Bearer token of GET /metrics; unset: only from loopback (plugins/metrics.ts). */
  metricsToken: string | undefined;
  /**
   * Shared request limits and sign-in counters (redis.ts, decision 0051): in Redis when `url` is set,
   * every key under `keyPrefix`; in each process's memory otherwise.
   */
  redis: { url: string | undefined; keyPrefix: string };
  /**
   * Where uploaded images live (storage/open.ts, decision 0053): an S3-compatible bucket when `s3` is set,
   * otherwise the local disk under DATA_DIR/uploads.
   */
  storage: { s3: S3Config | undefined };
}

/** An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…). */
export interface S3Config {
  bucket: string;
  /** The service's URL; undefined: AWS S3 of `region`. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither: the AWS SDK's default credential chain. */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Address the bucket as `endpoint/bucket` rather than `bucket.endpoint` (MinIO, most local servers). */
  forcePathStyle: boolean;
  /**
   * Where browsers fetch the public objects without the app: the object `public/<key>` is at
   * `${publicUrl}/<key>`. Undefined: the app serves them itself (proxied, cached for a year).
   */
  publicUrl: string | undefined;
}

/**
 * Outgoing mail: through SMTP when `smtpUrl` is set, otherwise written as .eml files under
 * `DATA_DIR/mail` (docs/decisions/0033-mail-outbox-and-jobs.md).
 */
export interface MailConfig {
  /** smtp:// or smtps:// with the credentials in the URL; undefined: .eml files. */
  smtpUrl: string | undefined;
  /** The From header: `Matric Moments <hello@host>` by default. */
  from: string;
}

export class EnvError extends Error {}

const empty = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);

const ENV_KEYS = [
  'NODE_ENV',
  'PORT',
  'DATABASE_URL',
  'DATA_DIR',
  'AUTH_SECRET',
  'PUBLIC_URL',
  'SEED_DEMO',
  'LOG_LEVEL',
  'WEB_DIR',
  'SSR',
  'TRUST_PROXY',
  'SMTP_URL',
  'MAIL_FROM',
  'API_DOCS_PUBLIC',
  'SHUTDOWN_GRACE_MS',
  'METRICS_TOKEN',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'S3_BUCKET',
  ...S3_SETTINGS,
] as const;

/** Validates the environment. Throws EnvError naming each bad variable. Empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined>): RawEnv {
  const result = envSchema.safeParse(Object.fromEntries(ENV_KEYS.map((k) => [k, empty(source[k])])));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${String(i.path[0] ?? 'environment')}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example.`);
  }
  return result.data;
}

/** AUTH_SECRET outside production: generated once and kept under DATA_DIR. */
function ensureSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  signInFailuresPerPair: 3,
  signInFailuresPerIp: 30,
  signInFailuresPerEmail: 10,
  signInFailuresPerDevice: 10,
  signInWindowMs: 15 * 60_000,
  signInBaseDelayMs: 1000,
  signInMaxDelayMs: 60_000,
  signInMaxInFlight: 3,
  signUpPerIp: 10,
  signUpPerEmail: 5,
  signUpEmailWindowMs: 60 * 60_000,
  enquiriesPerEmail: 10,
  enquiryEmailWindowMs: 60 * 60_000,
  windowMs: 60_000,
  resetRequestsPerIp: 10,
  resetRequestsPerEmail: 3,
  verificationMailsPerUser: 3,
  accountChangesPerUser: 10,
  dataExportsPerUser: DATA_EXPORTS_PER_HOUR,
};

/** The default From: `Matric Moments <hello@host>`, with the host of the public address. */
export function defaultMailFrom(publicUrl: string): string {
  return `Matric Moments <hello@${new URL(publicUrl).hostname}>`;
}

export function configFromEnv(raw: RawEnv, cwd = process.cwd()): AppConfig {
  const dataDir = path.resolve(cwd, raw.DATA_DIR);
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    databaseUrl: raw.DATABASE_URL,
    dataDir,
    authSecret: raw.AUTH_SECRET ?? ensureSecret(dataDir),
    publicUrl,
    seedDemo: raw.SEED_DEMO && raw.NODE_ENV !== 'production',
    logLevel: raw.LOG_LEVEL,
    rateLimits: DEFAULT_RATE_LIMITS,
    webDir: path.resolve(cwd, raw.WEB_DIR),
    ssr: raw.SSR,
    trustProxy: raw.TRUST_PROXY,
    mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM ?? defaultMailFrom(publicUrl) },
    apiDocsPublic: raw.API_DOCS_PUBLIC ?? raw.NODE_ENV !== 'production',
    shutdownGraceMs: raw.SHUTDOWN_GRACE_MS,
    metricsToken: raw.METRICS_TOKEN,
    redis: { url: raw.REDIS_URL, keyPrefix: raw.REDIS_KEY_PREFIX },
    storage: {
      s3: raw.S3_BUCKET
        ? {
            bucket: raw.S3_BUCKET,
            endpoint: raw.S3_ENDPOINT?.replace(/\/+$/, ''),
            region: raw.S3_REGION ?? 'us-east-1',
            accessKeyId: raw.S3_ACCESS_KEY_ID,
            secretAccessKey: raw.S3_SECRET_ACCESS_KEY,
            forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? false,
            publicUrl: raw.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          }
        : undefined,
    },
  };
}

/** Reads and validates process.env. */
export function loadConfig(): AppConfig {
  return configFromEnv(parseEnv(process.env));
}

/** Test runs read DATABASE_URL to decide which database the API tests use. */
export function testDatabaseUrl(): string | undefined {
  return empty(process.env.DATABASE_URL);
}
