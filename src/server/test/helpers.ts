/**
 * Test support: every test file gets its own clean database (an in-memory PGlite, or a fresh PostgreSQL
 * database when DATABASE_URL is set) and an app built in-process, driven through Fastify's inject.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type App, type BuildOptions } from '../app.ts';
import { MIGRATIONS_DIR, openPglite, openPostgres, type Database } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { DEFAULT_RATE_LIMITS, testDatabaseUrl, type AppConfig } from '../env.ts';
import { signFormToken } from '../plugins/form-guard.ts';
import { openStorage } from '../storage/open.ts';

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) return openPglite(undefined, await migratedPglite());
  const name = `mm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 5);
  await database.migrate();
  connectionUrls.set(database.db, url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * An embedded database with every migration applied, as a tarball: made once per set of migrations and
 * PGlite build, kept in the system's temporary folder, and loaded by every test file's database (about 1 s)
 * instead of a fresh initdb and every migration (4 to 8 s each on a loaded 2-core machine) (decision 0062).
 */
async function migratedPglite(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `mm-pglite-migrated-${migrationsFingerprint()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openPglite();
  try {
    await database.migrate();
    const dump = await database.dumpDataDir!();
    // Written whole, then renamed into place: a test file running at the same time reads all of it or none.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await database.close();
  }
}

/** Every migration file's name and content, and the PGlite build: a change to any makes a new copy. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  for (const name of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(MIGRATIONS_DIR, name);
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
    hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const connectionUrls = new WeakMap<object, string>();

/**
 * A second connection pool to the same test database, as a second instance would open (PostgreSQL only;
 * on PGlite, which one process owns, the same Database). The caller closes it after its app.
 */
export function openTestDatabaseAgain(database: Database): Database {
  const url = connectionUrls.get(database.db);
  if (!url) return { ...database, close: async () => {} };
  return openPostgres(url, 5);
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mm-test-'));
  return {
    nodeEnv: 'test',
    port: 0,
    databaseUrl: undefined,
    dataDir,
    authSecret: 'test-secret-test-secret-test-secret-0123',
    publicUrl: 'http://localhost:3000',
    seedDemo: false,
    logLevel: 'silent',
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      signInFailuresPerPair: 1000,
      signInFailuresPerIp: 1000,
      signInFailuresPerEmail: 1000,
      signInFailuresPerDevice: 1000,
      signUpPerIp: 1000,
      // Suites send many enquiries and sign-ups from one address; spam.test.ts checks these limits.
      signUpPerEmail: 1000,
      enquiriesPerEmail: 1000,
    },
    webDir: path.join(dataDir, 'no-web'),
    ssr: true,
    trustProxy: false,
    mail: { smtpUrl: undefined, from: 'Matric Moments <hello@example.com>' },
    apiDocsPublic: true,
    shutdownGraceMs: 10_000,
    metricsToken: undefined,
    redis: { url: undefined, keyPrefix: 'mm-test:' },
    storage: { s3: undefined },
    ...overrides,
  };
}

/**
 * Server rendering's time limit in tests: a rendered page must not turn into the plain shell because the
 * machine is busy (the production limit is SSR_TIME_LIMIT_MS; decision 0038).
 */
export const TEST_SSR_TIME_LIMIT_MS = 60_000;

export interface TestApp extends App {
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  options: Pick<BuildOptions, 'clock' | 'logStream'> & {
    /** Another instance's database (openTestDatabaseAgain): this app does not close it. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const { database: shared, ...buildOptions } = options;
  const database = shared ?? (await createTestDatabase());
  const config = testConfig(overrides);
  // The local disk under the test's data dir, or the bucket of `overrides.storage.s3`.
  const storage = openStorage(config);
  const built = await buildApp({
    config,
    database,
    storage,
    ssrTimeLimitMs: TEST_SSR_TIME_LIMIT_MS,
    ...buildOptions,
  });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    async close() {
      await built.app.close();
      if (!shared) await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The Cookie header a browser would send back after this response. */
export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list
    .map((c: string) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/**
 * Whether a file of the test app's upload storage exists, given its path in the public area
 * (`<dataDir>/uploads/...`): public, or private in the sibling `uploads-private` (storage/storage.ts).
 */
export function isStored(publicPath: string): boolean {
  const marker = `${path.sep}uploads${path.sep}`;
  const at = publicPath.lastIndexOf(marker);
  const privatePath =
    at < 0
      ? publicPath
      : `${publicPath.slice(0, at)}${path.sep}uploads-private${path.sep}${publicPath.slice(at + marker.length)}`;
  return existsSync(publicPath) || existsSync(privatePath);
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * The form guard's fields of a person who opened the form a minute ago (decision 0059): a token signed with
 * the app's secret, and an empty honeypot. Spread them into enquiry and sign-up bodies.
 */
export function formGuardFields(t: { config: Pick<AppConfig, 'authSecret'> }): {
  formToken: string;
  website: string;
} {
  return { formToken: signFormToken(t.config.authSecret, Date.now() - 60_000), website: '' };
}

/** The consent boxes every sign-up must tick (decision 0055). */
export const SIGN_UP_CONSENT = { acceptTerms: true, guardianConsent: true } as const;

/** Signs up a new account and returns its session cookie and id. */
export async function signUp(
  t: TestApp,
  body: Partial<{ fullName: string; email: string; password: string; packageType: string }> = {},
) {
  const email = body.email ?? uniqueEmail();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: {
      fullName: 'Test User',
      password: 'secret123',
      ...formGuardFields(t),
      ...SIGN_UP_CONSENT,
      ...body,
      email,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { me: { user: { id: string } } };
  return { cookie: cookieFrom(res), userId: json.me.user.id, email };
}

/**
 * A multipart/form-data body for inject: text fields first (in order), then the file, as a browser sends
 * them. Pass `file: null` for a form without a file.
 */
export function multipart(
  fields: Record<string, string>,
  file: { name?: string; type?: string; data: Buffer } | null,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mm${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'image.png'}"\r\n` +
          `Content-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads an image through POST /api/uploads and returns its URL (fails the test otherwise). */
export async function uploadImage(t: TestApp, cookie: string, bucket: string, data: Buffer): Promise<string> {
  const body = multipart({ bucket }, { data });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { url: string }).url;
}

/**
 * Every sign-up writes an address-verification mail to the outbox (decision 0043). Tests about other mail set
 * those aside before they drain or count the outbox.
 */
export async function forgetVerificationMail(database: Database): Promise<void> {
  await database.db.delete(outbox).where(eq(outbox.kind, 'email_verification'));
}
