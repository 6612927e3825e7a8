/** GET /api/dashboard/stats: the counts on the /dashboard home, one shape per role. No I/O here. */
import { z } from 'zod';

/** A provider's newest listings on their dashboard home (any status). */
export const recentListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export type RecentListing = z.infer<typeof recentListingSchema>;

export const dashboardStatsSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), favorites: z.number(), enquiries: z.number() }),
  z.object({
    role: z.literal('service_provider'),
    listings: z.number(),
    totalViews: z.number(),
    enquiries: z.number(),
    recentListings: z.array(recentListingSchema),
  }),
  z.object({ role: z.literal('admin'), users: z.number(), listings: z.number(), enquiries: z.number() }),
]);
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
