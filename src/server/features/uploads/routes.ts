/** POST /api/uploads: the one way images enter (listing images, logos, avatars, banners, site assets). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../domain/constants.ts';
import { UPLOAD_MESSAGES } from '../../../domain/images.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses, errorBodySchema } from '../../errors.ts';
import { requestLimit } from '../../rate-limit.ts';
import type { Storage } from '../../storage/storage.ts';
import { noFile, parseBucket, storeUpload, uploadResultSchema } from './service.ts';

/** Uploads one account may make per window. */
export const UPLOAD_RATE_LIMIT = { perUser: 60, windowMs: 10 * 60_000 } as const;

export async function uploadRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/uploads',
    {
      config: { access: 'signedIn' },
      preHandler: requestLimit(app, {
        max: UPLOAD_RATE_LIMIT.perUser,
        windowMs: UPLOAD_RATE_LIMIT.windowMs,
        key: async (req) => `upload:${(await req.actor())?.userId ?? req.ip}`,
        message: UPLOAD_MESSAGES.tooMany,
      }),
      schema: {
        tags: ['uploads'],
        summary:
          'Upload one image (multipart: a `bucket` field — listing-images, logos, avatars, hero-banners or ' +
          'site-assets — then the `file`). Checked by content (JPEG, PNG, WebP, GIF; 10 MB at most), ' +
          're-encoded without metadata in 400/800/1600 px WebP; answers the 800 px URL. Signed-in users: ' +
          'avatars; providers and admins: listing images and logos; admins: banners and site assets. The ' +
          'upload stays unattached until a save claims it; unattached uploads are deleted after a day.',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResultSchema, 413: errorBodySchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      const actor = await req.requireActor();
      if (!req.isMultipart()) throw noFile();
      const part = await req.file({ limits: { fileSize: LIMITS.imageMaxBytes, files: 1 } });
      if (!part) throw noFile();
      const field = part.fields.bucket;
      const bucket = parseBucket(
        field && !Array.isArray(field) && 'value' in field ? field.value : undefined,
      );
      const bytes = await part.toBuffer();
      const result = await storeUpload(db, storage, actor, bucket, bytes);
      return reply.code(201).send(result);
    },
  );
}
