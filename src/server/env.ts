/**
 * The only reader of process.env. Validates every variable at start-up and stops with a message that names
 * the bad variable. Everything else receives an `AppConfig`.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  });

export type RawEnv = z.infer<typeof envSchema>;

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
  /** Failed sign-ins for one account from one address before that address must wait for the window. */
  signInFailuresPerPair: number;
  /** Failed sign-ins from one address across accounts before it must wait for the window. */
  signInFailuresPerIp: number;
  /** Failed sign-ins for one account across addresses before unknown devices are slowed down. */
  signInFailuresPerEmail: number;
  /** How long failures are remembered. */
  signInWindowMs: number;
  /** The longest wait the account-wide slowdown asks for. */
  signInMaxDelayMs: number;
  signUpPerIp: number;
  /** Window of the sign-up limit. */
  windowMs: number;
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
  signInFailuresPerPair: 5,
  signInFailuresPerIp: 30,
  signInFailuresPerEmail: 20,
  signInWindowMs: 15 * 60_000,
  signInMaxDelayMs: 60_000,
  signUpPerIp: 10,
  windowMs: 60_000,
};

export function configFromEnv(raw: RawEnv, cwd = process.cwd()): AppConfig {
  const dataDir = path.resolve(cwd, raw.DATA_DIR);
  return {
    nodeEnv: raw.NODE_ENV,
    port: raw.PORT,
    databaseUrl: raw.DATABASE_URL,
    dataDir,
    authSecret: raw.AUTH_SECRET ?? ensureSecret(dataDir),
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    seedDemo: raw.SEED_DEMO && raw.NODE_ENV !== 'production',
    logLevel: raw.LOG_LEVEL,
    rateLimits: DEFAULT_RATE_LIMITS,
    webDir: path.resolve(cwd, raw.WEB_DIR),
    ssr: raw.SSR,
    trustProxy: raw.TRUST_PROXY,
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
