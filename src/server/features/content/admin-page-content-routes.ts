/** /api/admin/content and /api/admin/site-logo: the sections and the logo of /admin/cms. Admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContentSchema,
  CONTENT_SECTION_SCHEMAS,
  CONTENT_SECTIONS,
  siteLogoSchema,
  type ContentSection,
} from '../../../domain/content.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import { loadAdminContent, removeSiteLogo, saveSection, setSiteLogo } from './admin-page-content.ts';

const tags = ['content admin'];
const admin = { access: 'admin' as const };
const okSchema = z.object({ ok: z.literal(true) });

export async function pageContentAdminRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/content',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Every editable section (hero, about, contact with bank details, footer) and the site logo. Admins.',
        response: { 200: adminContentSchema, ...errorResponses },
      },
    },
    async () => loadAdminContent(db),
  );

  r.put(
    '/api/admin/content/:section',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Save one section (hero, about, contact, footer) with its schema, in one transaction. Admins.',
        params: z.object({
          section: z.enum(CONTENT_SECTIONS as [ContentSection, ...ContentSection[]], {
            error: 'Unknown content section',
          }),
        }),
        // Validated against the section's own schema in the handler (it depends on the path).
        body: z.record(z.string(), z.unknown()),
        response: { 200: adminContentSchema, ...errorResponses },
      },
    },
    async (req) => {
      const actor = await req.requireActor();
      const section = req.params.section;
      const parsed = CONTENT_SECTION_SCHEMAS[section].safeParse(req.body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const key = issue.path.join('.');
          if (key && !fields[key]) fields[key] = issue.message;
        }
        throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid content', fields);
      }
      return saveSection(db, actor, section, parsed.data as Record<string, string>);
    },
  );

  // Site logo ------------------------------------------------------------------------------------------
  r.put(
    '/api/admin/site-logo',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set the site logo to an image uploaded to the site-assets bucket. Admins.',
        body: siteLogoSchema,
        response: { 200: z.object({ logo: z.string() }), ...errorResponses },
      },
    },
    async (req) => ({ logo: await setSiteLogo(db, storage, await req.requireActor(), req.body.imageUrl) }),
  );

  r.delete(
    '/api/admin/site-logo',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove the site logo (the brand text shows instead) and its files. Admins.',
        response: { 200: okSchema, ...errorResponses },
      },
    },
    async (req) => {
      await removeSiteLogo(db, storage, await req.requireActor());
      return { ok: true as const };
    },
  );
}
