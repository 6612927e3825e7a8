/** The public marketplace API: reference data, listing cards, browse, listing detail, views, provider profile. */
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  browseQuerySchema,
  browseResultSchema,
  categoryListSchema,
  faqListSchema,
  heroBannerListSchema,
  idParamsSchema,
  listingCardListSchema,
  listingDetailSchema,
  providerProfileSchema,
  publicPackageListSchema,
} from '../../../domain/listings.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses, notFound } from '../../errors.ts';
import { cacheForAnonymous } from '../../http-cache.ts';
import {
  activeFaqs,
  activeHeroBanners,
  activePackages,
  allCategories,
  browseListings,
  homeListings,
  LISTING_NOT_FOUND,
  listingDetail,
  providerProfile,
  publicListingDetail,
  recordView,
  relatedListings,
} from './service.ts';

/** Listings and cards: a few seconds fresh, then stale while a new copy is fetched (anonymous only). */
const CATALOGUE_CACHE = { maxAge: 5, staleWhileRevalidate: 30 } as const;
/** Reference data that admins edit (banners, FAQs, packages): revalidated after a few seconds. */
const REFERENCE_CACHE = { maxAge: 5 } as const;

export async function marketplaceRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  /**
   * Who is viewing, as an opaque key: the signed-in user, otherwise the address and browser. An HMAC under
   * the server's secret, so the stored key reveals neither.
   */
  const visitorKey = async (req: FastifyRequest) => {
    const actor = await req.actor();
    const who = actor ? `user:${actor.userId}` : `anon:${req.ip}|${req.headers['user-agent'] ?? ''}`;
    return createHmac('sha256', app.config.authSecret).update(`view|${who}`).digest('base64url');
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['marketplace'];

  r.get(
    '/api/hero-banners',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Active hero banners in display order. Anyone.',
        response: { 200: heroBannerListSchema },
      },
    },
    async (req, reply) => {
      cacheForAnonymous(req, reply, REFERENCE_CACHE);
      return { items: await activeHeroBanners(db) };
    },
  );

  r.get(
    '/api/categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The listing categories in display order. Anyone.',
        response: { 200: categoryListSchema },
      },
    },
    async (req, reply) => {
      cacheForAnonymous(req, reply, REFERENCE_CACHE);
      return { items: await allCategories(db) };
    },
  );

  r.get(
    '/api/faqs',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Active FAQs in display order. Anyone.',
        response: { 200: faqListSchema },
      },
    },
    async (req, reply) => {
      cacheForAnonymous(req, reply, REFERENCE_CACHE);
      return { items: await activeFaqs(db) };
    },
  );

  r.get(
    '/api/packages',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Active packages in display order, with every package field. Anyone.',
        response: { 200: publicPackageListSchema },
      },
    },
    async (req, reply) => {
      cacheForAnonymous(req, reply, REFERENCE_CACHE);
      return { items: await activePackages(db) };
    },
  );

  r.get(
    '/api/listings/home',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Up to 18 approved listings for the home page, featured first, then newest. Anyone.',
        response: { 200: listingCardListSchema },
      },
    },
    async (req, reply) => {
      cacheForAnonymous(req, reply, CATALOGUE_CACHE);
      return homeListings(db);
    },
  );

  r.get(
    '/api/listings',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Browse approved listings: search (title or description), province, category slug, optional lat+lng ' +
          '(nearest first, distance in km), paginated. Anyone.',
        querystring: browseQuerySchema,
        response: { 200: browseResultSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      cacheForAnonymous(req, reply, CATALOGUE_CACHE);
      return browseListings(db, req.query);
    },
  );

  r.get(
    '/api/listings/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Listing detail with images, category and provider. Anyone for approved listings; the owner provider ' +
          'and admins also for pending or rejected ones (404 to everyone else).',
        params: idParamsSchema,
        response: { 200: listingDetailSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      // What the public sees is one cached answer for everyone; anything else is read for this caller.
      const shared = await publicListingDetail(db, req.params.id);
      if (shared) {
        cacheForAnonymous(req, reply, CATALOGUE_CACHE);
        return shared;
      }
      return listingDetail(db, req.params.id, () => req.actor());
    },
  );

  r.get(
    '/api/listings/:id/related',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Up to 6 approved listings of the same category as this listing, excluding it. Anyone who may see the listing.',
        params: idParamsSchema,
        response: { 200: listingCardListSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      cacheForAnonymous(req, reply, CATALOGUE_CACHE);
      return { items: await relatedListings(db, req.params.id, () => req.actor()) };
    },
  );

  r.post(
    '/api/listings/:id/view',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Counts a view of an approved listing (its views, its provider’s total and today’s analytics), once ' +
          'per visitor and listing every 30 minutes. Anyone.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (req, reply) => {
      const result = await recordView(db, req.params.id, await visitorKey(req));
      if (result === 'missing') throw notFound(LISTING_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/providers/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Public provider profile: provider, average rating and its approved listings. Anyone.',
        params: idParamsSchema,
        response: { 200: providerProfileSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      cacheForAnonymous(req, reply, CATALOGUE_CACHE);
      return providerProfile(db, req.params.id);
    },
  );
}
