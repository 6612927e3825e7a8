/**
 * The shared Redis of several instances (REDIS_URL; docs/decisions/0051-shared-limits-in-redis.md): request
 * limits (rate-limit.ts) and the sign-in guard's counters (counter-store.ts) live there. Every key starts
 * with the configured prefix (ioredis's keyPrefix). Commands fail at once while Redis is unreachable (no
 * offline queue), so a request never waits on it; the client reconnects by itself, and each outage is
 * logged once when it starts and once when it ends.
 */
import { Redis } from 'ioredis';

export interface SharedRedis {
  client: Redis;
  /** Whether the connection is up right now. */
  available(): boolean;
  /** 'ok' when Redis answers a PING (readiness, features/health/routes.ts). */
  ping(): Promise<string>;
  close(): Promise<void>;
}

export interface RedisLog {
  error(obj: object, msg: string): void;
  info(msg: string): void;
}

/** How long start-up waits for the first connection before it serves anyway (limits fail as in an outage). */
const FIRST_CONNECTION_WAIT_MS = 3_000;

export async function connectRedis(url: string, keyPrefix: string, log: RedisLog): Promise<SharedRedis> {
  const client = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // Reconnect for ever: quickly at first, then every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  let up = false;
  let outageLogged = false;
  client.on('ready', () => {
    up = true;
    if (outageLogged) log.info('Redis is reachable again; shared limits are back');
    outageLogged = false;
  });
  const lost = (err?: unknown) => {
    up = false;
    if (outageLogged) return;
    outageLogged = true;
    log.error(
      { err: err instanceof Error ? { message: err.message } : undefined },
      'Redis is unreachable: sign-in and sign-up are refused (503), other limits are not applied until it returns',
    );
  };
  client.on('error', lost);
  client.on('close', () => {
    if (up) lost(new Error('connection closed'));
  });

  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, FIRST_CONNECTION_WAIT_MS);
    client.once('ready', done);
    client.once('error', done);
  });

  return {
    client,
    available: () => up,
    async ping() {
      return (await client.ping()) === 'PONG' ? 'ok' : 'unavailable';
    },
    async close() {
      client.removeAllListeners('close');
      client.disconnect();
    },
  };
}
