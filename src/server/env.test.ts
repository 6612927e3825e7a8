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
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'Matric Moments' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'a@example.com, b@example.com' }, 'MAIL_FROM'],
    [{ SHUTDOWN_GRACE_MS: 'soon' }, 'SHUTDOWN_GRACE_MS'],
    [{ SHUTDOWN_GRACE_MS: '-1' }, 'SHUTDOWN_GRACE_MS'],
    [{ SHUTDOWN_GRACE_MS: '1.5' }, 'SHUTDOWN_GRACE_MS'],
    [{ SHUTDOWN_GRACE_MS: '600001' }, 'SHUTDOWN_GRACE_MS'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'a token with spaces in it' }, 'METRICS_TOKEN'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis://bad host' }, 'REDIS_URL'],
    [{ REDIS_KEY_PREFIX: 'has space:' }, 'REDIS_KEY_PREFIX'],
    [{ S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'b' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'images', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'images', S3_PUBLIC_URL: 'images.example.com' }, 'S3_PUBLIC_URL'],
    [{ S3_BUCKET: 'images', S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'images', S3_REGION: 'Cape Town' }, 'S3_REGION'],
    [{ S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'images', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_ENDPOINT'],
  ])('stops with a message naming the bad variable (%o)', (source, name) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    try {
      parseEnv(source);
    } catch (err) {
      expect((err as Error).message).toContain(`${name}:`);
    }
  });

  it('reads REDIS_URL (default unset: limits in memory) and REDIS_KEY_PREFIX (default mm:)', () => {
    expect(configFromEnv(parseEnv({}), tmp()).redis).toEqual({ url: undefined, keyPrefix: 'mm:' });
    const set = configFromEnv(
      parseEnv({ REDIS_URL: 'rediss://user:pw@cache.example.com:6380/2', REDIS_KEY_PREFIX: 'mm-prod:' }),
      tmp(),
    );
    expect(set.redis).toEqual({ url: 'rediss://user:pw@cache.example.com:6380/2', keyPrefix: 'mm-prod:' });
  });

  it('reads the S3 settings when S3_BUCKET is set (default unset: images on disk)', () => {
    expect(configFromEnv(parseEnv({}), tmp()).storage).toEqual({ s3: undefined });
    const set = configFromEnv(
      parseEnv({
        S3_BUCKET: 'matric-moments',
        S3_ENDPOINT: 'http://minio:9000/',
        S3_ACCESS_KEY_ID: 'matric',
        S3_SECRET_ACCESS_KEY: 'change-me-minio',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: 'https://images.example.com/',
      }),
      tmp(),
    );
    expect(set.storage.s3).toEqual({
      bucket: 'matric-moments',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'matric',
      secretAccessKey: 'change-me-minio',
      forcePathStyle: true,
      publicUrl: 'https://images.example.com',
    });
    // AWS S3 with the SDK's own credentials: only the bucket and its region.
    const aws = configFromEnv(parseEnv({ S3_BUCKET: 'mm-images', S3_REGION: 'af-south-1' }), tmp());
    expect(aws.storage.s3).toMatchObject({
      endpoint: undefined,
      region: 'af-south-1',
      accessKeyId: undefined,
    });
    expect(aws.storage.s3?.forcePathStyle).toBe(false);
  });

  it('reads SHUTDOWN_GRACE_MS (default 10 s) and METRICS_TOKEN (default unset)', () => {
    const defaults = configFromEnv(parseEnv({}), tmp());
    expect(defaults.shutdownGraceMs).toBe(10_000);
    expect(defaults.metricsToken).toBeUndefined();
    const set = configFromEnv(
      parseEnv({ SHUTDOWN_GRACE_MS: '0', METRICS_TOKEN: 'scrape-me-0123456789' }),
      tmp(),
    );
    expect(set.shutdownGraceMs).toBe(0);
    expect(set.metricsToken).toBe('scrape-me-0123456789');
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

  it('publishes the API docs outside production, and in production only with API_DOCS_PUBLIC=true', () => {
    const dir = tmp();
    const prod = { DATA_DIR: dir, NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) };
    expect(configFromEnv(parseEnv({ DATA_DIR: dir })).apiDocsPublic).toBe(true);
    expect(configFromEnv(parseEnv({ DATA_DIR: dir, NODE_ENV: 'test' })).apiDocsPublic).toBe(true);
    expect(configFromEnv(parseEnv({ DATA_DIR: dir, API_DOCS_PUBLIC: 'false' })).apiDocsPublic).toBe(false);
    expect(configFromEnv(parseEnv(prod)).apiDocsPublic).toBe(false);
    expect(configFromEnv(parseEnv({ ...prod, API_DOCS_PUBLIC: 'false' })).apiDocsPublic).toBe(false);
    expect(configFromEnv(parseEnv({ ...prod, API_DOCS_PUBLIC: 'true' })).apiDocsPublic).toBe(true);
    expect(() => parseEnv({ API_DOCS_PUBLIC: 'sometimes' })).toThrow(
      /API_DOCS_PUBLIC: must be true or false/,
    );
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

  it('reads SMTP_URL and MAIL_FROM, with a From named after the public address by default', () => {
    const dir = tmp();
    const files = configFromEnv(parseEnv({ DATA_DIR: dir, PUBLIC_URL: 'https://matricmoments.co.za/' }));
    expect(files.mail).toEqual({ smtpUrl: undefined, from: 'Matric Moments <hello@matricmoments.co.za>' });
    const smtp = configFromEnv(
      parseEnv({
        DATA_DIR: dir,
        SMTP_URL: 'smtps://apikey:s3cret@smtp.example.com:465',
        MAIL_FROM: 'Matric Moments <news@example.com>',
      }),
    );
    expect(smtp.mail).toEqual({
      smtpUrl: 'smtps://apikey:s3cret@smtp.example.com:465',
      from: 'Matric Moments <news@example.com>',
    });
  });
});
