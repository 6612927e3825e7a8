import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { onClientClock } from './ssr-state.ts';

/** A server's query cache holding one answer, fetched at `serverNow` by the server's clock. */
async function serverState(serverNow: number) {
  const server = new QueryClient();
  const realNow = Date.now;
  Date.now = () => serverNow;
  try {
    await server.prefetchQuery({ queryKey: ['content'], queryFn: () => ({ hero: 'Plan your farewell' }) });
  } finally {
    Date.now = realNow;
  }
  return dehydrate(server);
}

describe('onClientClock', () => {
  it('dates the server’s answers when the page starts its app, by the device’s clock', async () => {
    const navigationStart = Date.now() - 1_000;
    // The server's clock is 10 minutes behind the device's.
    const state = await serverState(navigationStart - 10 * 60_000);
    const client = new QueryClient();
    hydrate(client, onClientClock(state, navigationStart));
    const query = client.getQueryCache().find({ queryKey: ['content'] });
    expect(query?.state.dataUpdatedAt).toBe(navigationStart);
    expect(query?.state.data).toEqual({ hero: 'Plan your farewell' });
    // Fresh for a 5 s stale time: one second has passed on this device, not ten minutes.
    expect(query?.isStaleByTime(5_000)).toBe(false);
  });

  it('as dehydrated, the same answer would be stale at once (what the dating prevents)', async () => {
    const navigationStart = Date.now() - 1_000;
    const state = await serverState(navigationStart - 10 * 60_000);
    const client = new QueryClient();
    hydrate(client, state);
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['content'] })
        ?.isStaleByTime(5_000),
    ).toBe(true);
  });

  it('leaves answers without data alone', () => {
    const state = {
      mutations: [],
      queries: [{ queryKey: ['x'], queryHash: '["x"]', state: { dataUpdatedAt: 0 } }],
    } as unknown as Parameters<typeof onClientClock>[0];
    expect(onClientClock(state, 123).queries[0]?.state.dataUpdatedAt).toBe(0);
  });
});
