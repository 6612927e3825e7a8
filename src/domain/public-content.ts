/**
 * The site content every visitor reads (the API's answers to GET /api/content and /api/social-links), for
 * the server's routes and server rendering. A module of its own: the browser bundle imports its types
 * only, so these schemas are not shipped to it (src/domain/content.ts holds the admin forms' schemas).
 */
import { z } from 'zod';

/** Page key → section key → value. Keys may be missing. */
export const siteContentSchema = z.record(z.string(), z.record(z.string(), z.string()));
export type SiteContent = z.infer<typeof siteContentSchema>;

/** The active social links, in display order. */
export const socialLinkSchema = z.object({
  id: z.string(),
  platform: z.string(),
  url: z.string(),
  icon: z.string().nullable(),
});
export type SocialLink = z.infer<typeof socialLinkSchema>;
export const socialLinkListSchema = z.object({ items: z.array(socialLinkSchema) });
export type SocialLinkList = z.infer<typeof socialLinkListSchema>;
