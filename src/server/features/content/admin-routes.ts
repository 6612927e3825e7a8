/**
 * /api/admin/content, /api/admin/site-logo, /api/admin/faqs, /api/admin/hero-banners, /api/admin/social-links:
 * the site content administration behind /admin/cms and /admin/social-links. Admins only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBannerSchema,
  adminContentSchema,
  adminFaqSchema,
  adminSocialLinkSchema,
  CONTENT_SECTION_SCHEMAS,
  CONTENT_SECTIONS,
  createBannerSchema,
  faqInputSchema,
  moveSchema,
  saveFaqsSchema,
  siteLogoSchema,
  socialLinkInputSchema,
  updateBannerSchema,
  updateFaqSchema,
  updateSocialLinkSchema,
  type ContentSection,
} from '../../../domain/content.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, errorResponses } from '../../errors.ts';
import type { Storage } from '../../storage/storage.ts';
import {
  createBanner,
  createFaq,
  createSocialLink,
  deleteBanner,
  deleteFaq,
  deleteSocialLink,
  listBanners,
  listFaqs,
  listSocialLinks,
  loadAdminContent,
  moveBanner,
  moveFaq,
  moveSocialLink,
  removeSiteLogo,
  saveFaqs,
  saveSection,
  setSiteLogo,
  updateBanner,
  updateFaq,
  updateSocialLink,
} from './admin-service.ts';

const tags = ['content admin'];
const idParams = z.object({ id: z.uuid('Invalid id') });
const okSchema = z.object({ ok: z.literal(true) });

export async function contentAdminRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db, storage } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' as const };
  // Server-rendered pages show this content: after a successful change, forget the rendered copies.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode < 400) catalogueChanged(db);
    return payload;
  });

  // Sections -------------------------------------------------------------------------------------------
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

  // FAQs -----------------------------------------------------------------------------------------------
  const faqList = z.object({ items: z.array(adminFaqSchema) });
  r.get(
    '/api/admin/faqs',
    {
      config: admin,
      schema: {
        tags,
        summary: 'All FAQs in display order. Admins.',
        response: { 200: faqList, ...errorResponses },
      },
    },
    async () => ({ items: await listFaqs(db) }),
  );

  r.post(
    '/api/admin/faqs',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add an FAQ at the end (display order max+1), active. Admins.',
        body: faqInputSchema,
        response: { 201: adminFaqSchema, ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await createFaq(db, await req.requireActor(), req.body)),
  );

  r.put(
    '/api/admin/faqs',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Save the FAQ tab: entries with a blank question or answer are skipped, the others updated or added at the end. Admins.',
        body: saveFaqsSchema,
        response: {
          200: z.object({ items: z.array(adminFaqSchema), saved: z.number(), skipped: z.number() }),
          ...errorResponses,
        },
      },
    },
    async (req) => saveFaqs(db, await req.requireActor(), req.body.items),
  );

  r.patch(
    '/api/admin/faqs/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit an FAQ or toggle it active. Admins.',
        params: idParams,
        body: updateFaqSchema,
        response: { 200: adminFaqSchema, ...errorResponses },
      },
    },
    async (req) => updateFaq(db, await req.requireActor(), req.params.id, req.body),
  );

  r.post(
    '/api/admin/faqs/:id/move',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Move an FAQ up or down: swaps with its neighbour, renumbers from 1 (409 at the ends). Admins.',
        params: idParams,
        body: moveSchema,
        response: { 200: faqList, ...errorResponses },
      },
    },
    async (req) => {
      await moveFaq(db, await req.requireActor(), req.params.id, req.body.direction);
      return { items: await listFaqs(db) };
    },
  );

  r.delete(
    '/api/admin/faqs/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an FAQ; the rest are renumbered from 1. Admins.',
        params: idParams,
        response: { 200: faqList, ...errorResponses },
      },
    },
    async (req) => {
      await deleteFaq(db, await req.requireActor(), req.params.id);
      return { items: await listFaqs(db) };
    },
  );

  // Hero banners ---------------------------------------------------------------------------------------
  const bannerList = z.object({ items: z.array(adminBannerSchema) });
  r.get(
    '/api/admin/hero-banners',
    {
      config: admin,
      schema: {
        tags,
        summary: 'All hero banners in display order. Admins.',
        response: { 200: bannerList, ...errorResponses },
      },
    },
    async () => ({ items: await listBanners(db) }),
  );

  r.post(
    '/api/admin/hero-banners',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a banner from an image uploaded to the hero-banners bucket: last, active. Admins.',
        body: createBannerSchema,
        response: { 201: adminBannerSchema, ...errorResponses },
      },
    },
    async (req, reply) => reply.code(201).send(await createBanner(db, await req.requireActor(), req.body)),
  );

  r.patch(
    '/api/admin/hero-banners/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Toggle a banner active or change its description. Admins.',
        params: idParams,
        body: updateBannerSchema,
        response: { 200: adminBannerSchema, ...errorResponses },
      },
    },
    async (req) => updateBanner(db, await req.requireActor(), req.params.id, req.body),
  );

  r.post(
    '/api/admin/hero-banners/:id/move',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Move a banner up or down; renumbers from 1 (409 at the ends). Admins.',
        params: idParams,
        body: moveSchema,
        response: { 200: bannerList, ...errorResponses },
      },
    },
    async (req) => {
      await moveBanner(db, await req.requireActor(), req.params.id, req.body.direction);
      return { items: await listBanners(db) };
    },
  );

  r.delete(
    '/api/admin/hero-banners/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a banner and its image files; the rest are renumbered. Admins.',
        params: idParams,
        response: { 200: bannerList, ...errorResponses },
      },
    },
    async (req) => {
      await deleteBanner(db, storage, await req.requireActor(), req.params.id);
      return { items: await listBanners(db) };
    },
  );

  // Social links ---------------------------------------------------------------------------------------
  const socialList = z.object({ items: z.array(adminSocialLinkSchema) });
  r.get(
    '/api/admin/social-links',
    {
      config: admin,
      schema: {
        tags,
        summary: 'All social links in display order. Admins.',
        response: { 200: socialList, ...errorResponses },
      },
    },
    async () => ({ items: await listSocialLinks(db) }),
  );

  r.post(
    '/api/admin/social-links',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a social link at the end of the order. Admins.',
        body: socialLinkInputSchema,
        response: { 201: adminSocialLinkSchema, ...errorResponses },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await createSocialLink(db, await req.requireActor(), req.body)),
  );

  r.patch(
    '/api/admin/social-links/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit a social link or toggle it active. Admins.',
        params: idParams,
        body: updateSocialLinkSchema,
        response: { 200: adminSocialLinkSchema, ...errorResponses },
      },
    },
    async (req) => updateSocialLink(db, await req.requireActor(), req.params.id, req.body),
  );

  r.post(
    '/api/admin/social-links/:id/move',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Move a social link up or down; display order rewritten 1..n in one transaction. Admins.',
        params: idParams,
        body: moveSchema,
        response: { 200: socialList, ...errorResponses },
      },
    },
    async (req) => {
      await moveSocialLink(db, await req.requireActor(), req.params.id, req.body.direction);
      return { items: await listSocialLinks(db) };
    },
  );

  r.delete(
    '/api/admin/social-links/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a social link; the rest are renumbered. Admins.',
        params: idParams,
        response: { 200: socialList, ...errorResponses },
      },
    },
    async (req) => {
      await deleteSocialLink(db, await req.requireActor(), req.params.id);
      return { items: await listSocialLinks(db) };
    },
  );
}
