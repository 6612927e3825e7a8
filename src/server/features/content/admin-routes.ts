/**
 * The site content administration behind /admin/cms and /admin/social-links, split by resource: sections
 * and the site logo (admin-page-content-routes.ts), FAQs, hero banners, social links and the legal pages
 * (each its own routes file; the three ordered lists share ordered-list.ts). Every route is
 * `access: 'admin'`.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { catalogueChanged } from '../marketplace/cache.ts';
import { faqAdminRoutes } from './admin-faqs-routes.ts';
import { heroBannerAdminRoutes } from './admin-hero-banners-routes.ts';
import { legalAdminRoutes } from './admin-legal-routes.ts';
import { pageContentAdminRoutes } from './admin-page-content-routes.ts';
import { socialLinkAdminRoutes } from './admin-social-links-routes.ts';

export async function contentAdminRoutes(app: FastifyInstance, opts: { db: Db; storage: Storage }) {
  const { db } = opts;
  // Server-rendered pages show this content: after a successful change, forget the rendered copies.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && reply.statusCode < 400) catalogueChanged(db);
    return payload;
  });
  await app.register(pageContentAdminRoutes, opts);
  await app.register(faqAdminRoutes, { db });
  await app.register(heroBannerAdminRoutes, opts);
  await app.register(socialLinkAdminRoutes, { db });
  await app.register(legalAdminRoutes, { db });
}
