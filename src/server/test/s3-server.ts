/**
 * A local S3-protocol server (s3rver) on a free port with one empty bucket, for the storage tests and the
 * benches: `config` is what S3_* would give (storage/s3.ts, decision 0053), `env` the variables themselves.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../env.ts';

export interface TestS3Server {
  config: S3Config;
  /** The same settings as S3_* environment variables (for a server started as a process). */
  env: Record<string, string>;
  /** The server's own URL (e.g. to fetch what a public URL points at). */
  endpoint: string;
  close(): Promise<void>;
}

export async function startTestS3Server(
  opts: { bucket?: string; publicUrl?: boolean } = {},
): Promise<TestS3Server> {
  const bucket = opts.bucket ?? 'matric-moments-test';
  const directory = await mkdtemp(path.join(os.tmpdir(), 'mm-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  let closing: Promise<void> | undefined;
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    bucket,
    endpoint,
    region: 'us-east-1',
    // s3rver's fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    // The public prefix straight from the server (a bucket policy or a CDN would do this in production).
    publicUrl: opts.publicUrl ? `${endpoint}/${bucket}/public` : undefined,
  };
  return {
    config,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      ...(config.publicUrl ? { S3_PUBLIC_URL: config.publicUrl } : {}),
    },
    // Once: a test may stop the server early (to see the app without its bucket) and close it again after.
    close() {
      closing ??= (async () => {
        await server.close();
        await rm(directory, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
