/**
 * Shared state across instances (issue 25; decisions 0051, 0052): request limits and sign-in counters in a
 * real Redis (a redis-server this file starts on a free port, with its own key prefix), Redis outages,
 * and the catalogue cache cleared across instances by PostgreSQL NOTIFY.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisCounterStore, CounterStoreUnavailableError } from './counter-store.ts';
import { DEFAULT_RATE_LIMITS, testDatabaseUrl } from './env.ts';
import { nextAnnouncementHeard } from './features/marketplace/cache.ts';
import { LIMITS_UNAVAILABLE_MESSAGE, requestLimit } from './rate-limit.ts';
import { connectRedis } from './redis.ts';
import { createAdmin, createListing, createProvider, seedReferenceData } from './test/fixtures.ts';
import {
  createTestApp,
  formGuardFields,
  openTestDatabaseAgain,
  signUp,
  SIGN_UP_CONSENT,
  type TestApp,
} from './test/helpers.ts';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis) {
  console.warn('shared-state.test.ts: no redis-server binary on PATH: the Redis tests are skipped');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A redis-server of this test on `port`, resolved once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  child.stdout!.resume();
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * Waits for `check` to hold, asking again every 50 ms: for states this test does not announce itself (the
 * client noticing a killed or restarted redis-server). Fails after `timeoutMs`.
 */
async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const password = 'secret123';
const wrong = 'wrong-password';

describe.skipIf(!hasRedis)('with Redis', () => {
  let redisServer: ChildProcess;
  let port: number;
  let redisUrl: string;
  const prefix = `mm-test-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    port = await freePort();
    redisServer = await startRedis(port);
    redisUrl = `redis://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await stopRedis(redisServer);
  });

  describe('the Redis counter store', () => {
    it('counts, keeps lastAt, takes back, expires and resets under its prefix', async () => {
      const client = new Redis(redisUrl, { keyPrefix: prefix });
      let t = 1_000_000;
      const store = createRedisCounterStore(client, 'c:', () => t);
      try {
        expect(await store.get('a')).toBeNull();
        expect(await store.increment('a', 60_000)).toEqual({ count: 1, lastAt: 1_000_000 });
        t += 5;
        expect(await store.increment('a', 60_000)).toEqual({ count: 2, lastAt: 1_000_005 });
        t += 5;
        // A decrement keeps the last increase's time.
        expect(await store.increment('a', 60_000, -1)).toEqual({ count: 1, lastAt: 1_000_005 });
        expect(await store.get('a')).toEqual({ count: 1, lastAt: 1_000_005 });
        expect(await client.exists('c:a')).toBe(1);
        const raw = new Redis(redisUrl);
        expect(await raw.exists(`${prefix}c:a`)).toBe(1);
        expect(await raw.pttl(`${prefix}c:a`)).toBeGreaterThan(50_000);
        raw.disconnect();
        await store.increment('short', 30);
        await until(async () => (await store.get('short')) === null, 5_000);
        await store.reset('a');
        expect(await store.get('a')).toBeNull();
      } finally {
        client.disconnect();
      }
    });

    it('reports an unreachable Redis as CounterStoreUnavailableError', async () => {
      const client = new Redis(`redis://127.0.0.1:${await freePort()}`, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      client.on('error', () => {});
      const store = createRedisCounterStore(client, 'c:');
      await expect(store.get('a')).rejects.toBeInstanceOf(CounterStoreUnavailableError);
      await expect(store.increment('a', 1000)).rejects.toBeInstanceOf(CounterStoreUnavailableError);
      client.disconnect();
    });
  });

  describe('two instances sharing Redis', () => {
    let a: TestApp;
    let b: TestApp;
    const now = 1_800_000_000_000;
    // Only the per-address-and-account count (20 free failures) is in play.
    const limits = {
      ...DEFAULT_RATE_LIMITS,
      signInFailuresPerPair: 20,
      signInFailuresPerEmail: 1000,
      signInFailuresPerIp: 1000,
      signUpPerIp: 3,
    };

    beforeAll(async () => {
      const redis = { url: redisUrl, keyPrefix: `${prefix}pair:` };
      a = await createTestApp({ redis, rateLimits: limits }, { clock: () => now });
      b = await createTestApp(
        { redis, rateLimits: limits },
        { clock: () => now, database: openTestDatabaseAgain(a.database) },
      );
    });
    afterAll(async () => {
      await b?.close();
      if (b && b.database !== a.database) await b.database.close();
      await a?.close();
    });

    const signIn = (t: TestApp, email: string, pass: string, ip = '203.0.113.7') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: ip,
        payload: { email, password: pass },
      });

    it('refuses a 21st failed sign-in whichever instance answers', async () => {
      const { email } = await signUp(a, { password });
      for (let i = 0; i < 20; i++) {
        const res = await signIn(i % 2 === 0 ? a : b, email, wrong);
        expect(res.statusCode, `failure ${i + 1}: ${res.body}`).toBe(401);
      }
      for (const t of [a, b]) {
        const res = await signIn(t, email, wrong);
        expect(res.statusCode).toBe(429);
        expect(res.headers['retry-after']).toBeDefined();
      }
      // The right password from this address waits too; another address is not touched.
      expect((await signIn(b, email, password)).statusCode).toBe(429);
      expect((await signIn(b, email, password, '198.51.100.9')).statusCode).toBe(200);
    });

    it('counts sign-ups of one address across both instances', async () => {
      const ip = '192.0.2.44';
      const signUpFrom = (t: TestApp) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          remoteAddress: ip,
          payload: {
            ...formGuardFields(t),
            fullName: 'Shared Limit',
            email: `s${randomBytes(4).toString('hex')}@example.com`,
            password,
            ...SIGN_UP_CONSENT,
          },
        });
      expect((await signUpFrom(a)).statusCode).toBe(201);
      expect((await signUpFrom(b)).statusCode).toBe(201);
      expect((await signUpFrom(a)).statusCode).toBe(201);
      const fourth = await signUpFrom(b);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.code).toBe('RATE_LIMITED');
    });

    it('reports redis in readiness', async () => {
      const res = await a.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks).toMatchObject({ redis: 'ok', database: 'ok' });
    });
  });

  describe('when Redis goes down', () => {
    let server: ChildProcess;
    let outagePort: number;
    let t: TestApp;
    let email: string;
    const logs = new PassThrough();
    const lines: string[] = [];
    logs.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const outageLines = () => lines.filter((l) => l.includes('Redis is unreachable'));

    beforeAll(async () => {
      outagePort = await freePort();
      server = await startRedis(outagePort);
      t = await createTestApp(
        {
          redis: { url: `redis://127.0.0.1:${outagePort}`, keyPrefix: `${prefix}outage:` },
          logLevel: 'info',
        },
        { logStream: logs },
      );
      ({ email } = await signUp(t, { password }));
    });
    afterAll(async () => {
      await t?.close();
      await stopRedis(server);
    });

    const attempt = (pass: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: pass } });
    const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

    it('refuses sign-in and sign-up with 503, fails readiness, logs once, and recovers by itself', async () => {
      expect((await attempt(wrong)).statusCode).toBe(401);
      await stopRedis(server);

      await until(async () => (await ready()).statusCode === 503);
      expect((await ready()).json().checks).toMatchObject({ redis: 'unavailable', database: 'ok' });

      for (const pass of [wrong, password]) {
        const res = await attempt(pass);
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toMatchObject({ code: 'UNAVAILABLE', message: LIMITS_UNAVAILABLE_MESSAGE });
      }
      const signUpRes = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: {
          ...formGuardFields(t),
          ...SIGN_UP_CONSENT,
          fullName: 'During Outage',
          email: 'outage@example.com',
          password,
        },
      });
      expect(signUpRes.statusCode).toBe(503);
      expect(signUpRes.json().error.message).toBe(LIMITS_UNAVAILABLE_MESSAGE);
      // A reset link is mail to anyone's address: refused too, rather than sent without a limit.
      const resetRes = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email },
      });
      expect(resetRes.statusCode).toBe(503);
      expect(resetRes.json().error.message).toBe(LIMITS_UNAVAILABLE_MESSAGE);
      // Public pages keep serving.
      expect((await t.app.inject({ method: 'GET', url: '/api/listings' })).statusCode).toBe(200);
      expect(outageLines()).toHaveLength(1);

      server = await startRedis(outagePort);
      await until(async () => (await ready()).statusCode === 200);
      expect((await attempt(wrong)).statusCode).toBe(401);
      expect((await attempt(password)).statusCode).toBe(200);
      expect(lines.some((l) => l.includes('Redis is reachable again'))).toBe(true);
      expect(outageLines()).toHaveLength(1);
    });
  });

  describe('a request limit in Redis', () => {
    it('counts in Redis, fails open by default and closed when asked', async () => {
      const limitPort = await freePort();
      let server = await startRedis(limitPort);
      const log = { error: () => {}, info: () => {} };
      const redis = await connectRedis(`redis://127.0.0.1:${limitPort}`, `${prefix}limit:`, log);
      const app = Fastify();
      app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) =>
        reply.code(err.statusCode ?? 500).send({ message: err.message }),
      );
      await app.register(rateLimit, { global: false, redis: redis.client, nameSpace: 'limit:' });
      const key = () => 'k';
      app.get(
        '/open',
        { preHandler: requestLimit(app, { max: 1, windowMs: 60_000, key, message: 'slow' }) },
        () => 'ok',
      );
      app.get(
        '/closed',
        {
          preHandler: requestLimit(app, {
            max: 1,
            windowMs: 60_000,
            key: () => 'c',
            message: 'slow',
            failClosed: true,
          }),
        },
        () => 'ok',
      );
      try {
        expect((await app.inject('/open')).statusCode).toBe(200);
        const limited = await app.inject('/open');
        expect(limited.statusCode).toBe(429);
        expect(limited.json().message).toBe('slow');
        const raw = new Redis(`redis://127.0.0.1:${limitPort}`);
        expect(await raw.keys(`${prefix}limit:*`)).not.toHaveLength(0);
        raw.disconnect();

        await stopRedis(server);
        await until(async () => !redis.available());
        expect((await app.inject('/open')).statusCode).toBe(200);
        const closed = await app.inject('/closed');
        expect(closed.statusCode).toBe(503);
        expect(closed.json().message).toBe(LIMITS_UNAVAILABLE_MESSAGE);

        server = await startRedis(limitPort);
        await until(async () => redis.available());
        // A fresh Redis: the counters start again.
        expect((await app.inject('/closed')).statusCode).toBe(200);
        expect((await app.inject('/closed')).statusCode).toBe(429);
      } finally {
        await app.close();
        await redis.close();
        await stopRedis(server);
      }
    });
  });
});

if (!testDatabaseUrl()) {
  console.warn(
    'shared-state.test.ts: the catalogue cache across instances needs DATABASE_URL (PostgreSQL): skipped',
  );
}

describe.skipIf(!testDatabaseUrl())('the catalogue cache of two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { database: openTestDatabaseAgain(a.database) });
    await seedReferenceData(a.database.db);
  });
  afterAll(async () => {
    await b?.close();
    await b?.database.close();
    await a?.close();
  });

  const titles = async (t: TestApp) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/listings' })).json() as { items: { title: string }[] }
    ).items.map((l) => l.title);

  it('shows a listing approved on one instance on the other within a second, and hides a rejected one', async () => {
    const provider = await createProvider(a);
    const admin = await createAdmin(a);
    const listing = await createListing(a.database.db, provider.providerId, {
      title: 'Across Instances Limo',
      status: 'pending',
    });
    // b caches the browse page without it.
    expect(await titles(b)).not.toContain('Across Instances Limo');

    const moderate = async (status: 'approved' | 'rejected') => {
      const heard = nextAnnouncementHeard(b.database.db);
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/admin/listings/moderation',
        headers: { cookie: admin.cookie },
        payload: {
          ids: [listing.id],
          status,
          ...(status === 'rejected' ? { reason: 'Photos are unclear.' } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      // The change has committed: the other instance must hear of it within a second.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        heard,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the other instance heard nothing within a second')),
            1_000,
          );
        }),
      ]).finally(() => clearTimeout(timer));
    };

    await moderate('approved');
    expect(await titles(b)).toContain('Across Instances Limo');
    await moderate('rejected');
    expect(await titles(b)).not.toContain('Across Instances Limo');
  });
});
