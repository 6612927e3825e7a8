/**
 * Leaving service on SIGTERM (decision 0049), on a real listening server: readiness fails at once, requests
 * in flight finish, new connections are refused, the closing steps run after the HTTP server closed; past
 * the grace period the remaining connections are closed. The grace timer is the test's own promise.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from './app.ts';
import type { Database } from './db/client.ts';
import { createShutdown } from './shutdown.ts';
import { createTestDatabase, testConfig } from './test/helpers.ts';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** A listening app with one slow route, /test/slow, that answers when the test releases it. */
async function slowServer() {
  database = await createTestDatabase();
  const built: App = await buildApp({ config: testConfig(), database });
  const entered = deferred();
  const release = deferred();
  built.app.get('/test/slow', { config: { access: 'public' } }, async () => {
    entered.resolve();
    await release.promise;
    return { finished: true };
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return { app: built.app, base: `http://127.0.0.1:${port}`, entered, release };
}

describe('shutdown', () => {
  it('fails readiness at once, lets requests in flight finish, then runs the closing steps in order', async () => {
    const { app, base, entered, release } = await slowServer();
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect((await ready.json()).checks.instance).toBe('ok');

    const slow = fetch(`${base}/test/slow`);
    await entered.promise;
    const ran: string[] = [];
    const grace = deferred();
    const asked: number[] = [];
    const shutdown = createShutdown({
      app,
      graceMs: 10_000,
      after: (ms) => {
        asked.push(ms);
        return grace.promise;
      },
      steps: [
        { name: 'jobs', run: async () => void ran.push('jobs') },
        { name: 'database', run: async () => void ran.push('database') },
      ],
    });
    const done = shutdown('SIGTERM');
    expect(shutdown('SIGTERM')).toBe(done);

    expect(app.lifecycle.shuttingDown).toBe(true);
    const notReady = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(notReady.statusCode).toBe(503);
    // No new connections; the request in flight is still being answered and nothing is closed yet.
    await expect(fetch(`${base}/api/ready`)).rejects.toThrow();
    expect(asked).toEqual([10_000]);
    expect(ran).toEqual([]);

    release.resolve();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    await done;
    expect(ran).toEqual(['jobs', 'database']);
  });

  it('closes the connections still busy after the grace period, and a failing step does not stop the next', async () => {
    const { app, base, entered, release } = await slowServer();
    const slow = fetch(`${base}/test/slow`);
    await entered.promise;
    const ran: string[] = [];
    const grace = deferred();
    const shutdown = createShutdown({
      app,
      graceMs: 2_500,
      after: () => grace.promise,
      steps: [
        {
          name: 'jobs',
          run: async () => {
            ran.push('jobs');
            throw new Error('stuck');
          },
        },
        { name: 'database', run: async () => void ran.push('database') },
      ],
    });
    const done = shutdown('SIGTERM');
    expect(ran).toEqual([]);
    grace.resolve();
    await expect(slow).rejects.toThrow();
    release.resolve();
    await done;
    expect(ran).toEqual(['jobs', 'database']);
  });
});
