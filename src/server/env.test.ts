import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv, EnvError, parseEnv } from './env.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'mm-env-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('environment validation', () => {
  it('applies defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
    expect(env.LOG_LEVEL).toBe('info');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,example.com' }, 'TRUST_PROXY'],
  ])('stops with a message naming the bad variable (%o)', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    try {
      parseEnv(source);
    } catch (err) {
      expect((err as Error).message).toContain(`${name}:`);
    }
  });

  it('reads TRUST_PROXY as off, a hop count or a list of addresses and CIDRs', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'off' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
    ]);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', PORT: '' }).DATABASE_URL).toBeUndefined();
  });

  it('generates AUTH_SECRET once under DATA_DIR outside production and reuses it', () => {
    const dir = tmp();
    const a = configFromEnv(parseEnv({ DATA_DIR: dir }));
    const b = configFromEnv(parseEnv({ DATA_DIR: dir }));
    expect(a.authSecret).toHaveLength(64);
    expect(b.authSecret).toBe(a.authSecret);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(a.authSecret);
  });

  it('derives PUBLIC_URL from PORT and never seeds demo data in production', () => {
    const dir = tmp();
    const dev = configFromEnv(parseEnv({ DATA_DIR: dir, PORT: '4000' }));
    expect(dev.publicUrl).toBe('http://localhost:4000');
    const prod = configFromEnv(
      parseEnv({ DATA_DIR: dir, NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), SEED_DEMO: 'true' }),
    );
    expect(prod.seedDemo).toBe(false);
  });
});
