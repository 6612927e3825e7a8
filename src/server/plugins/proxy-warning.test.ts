/**
 * Behind a proxy TRUST_PROXY must be set: with it off, the first request that carries X-Forwarded-For logs
 * one warning (decision 0049); with it set, nothing is logged.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import type { TrustProxy } from '../env.ts';
import { createTestDatabase, testConfig } from '../test/helpers.ts';
import { PROXY_WARNING } from './proxy-warning.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** An app whose log lines (JSON) are collected. */
async function appLogging(trustProxy: TrustProxy) {
  const lines: { level: number; msg: string }[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const { app } = await buildApp({
    config: testConfig({ trustProxy, logLevel: 'warn' }),
    database,
    logStream,
  });
  await app.ready();
  const warnings = () => lines.filter((l) => l.msg === PROXY_WARNING);
  return { app, warnings, lines };
}

describe('the proxy warning', () => {
  it('is logged once, at the first request with X-Forwarded-For, while TRUST_PROXY is false', async () => {
    const { app, warnings } = await appLogging(false);
    try {
      await app.inject({ method: 'GET', url: '/api/health' });
      expect(warnings()).toEqual([]);
      await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '198.51.100.4' } });
      expect(warnings()).toHaveLength(1);
      expect(warnings()[0]!.level).toBe(40);
      await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-for': '198.51.100.5' } });
      expect(warnings()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('is not logged when TRUST_PROXY is set', async () => {
    for (const trustProxy of [1, ['10.0.0.0/8']] as TrustProxy[]) {
      const { app, lines } = await appLogging(trustProxy);
      try {
        await app.inject({
          method: 'GET',
          url: '/api/health',
          headers: { 'x-forwarded-for': '198.51.100.4' },
        });
        expect(lines.filter((l) => l.level >= 40)).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });
});
