/**
 * /dashboard for providers: My Listings, Total Views and Enquiries, the package banner, Getting Started
 * (Create Listing) and Your Recent Listings (latest 5 with status badges, each opening its edit page).
 */
import { AlertTriangle, ArrowRight, Eye, List, MapPin, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { ListingStatusBadge } from '../../components/listing-status-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  DashboardHeading,
  GettingStartedCard,
  StatCard,
  StatCardSkeletons,
} from '../../components/dashboard-cards.tsx';
import { useErrorToast } from '../../components/query-state.tsx';
import type { Me } from '../../lib/me-types.ts';
import type { DashboardStats } from '@domain/dashboard.ts';
import { useDashboardStats } from '../../lib/use-dashboard-stats.ts';
import { usePackageStatus } from './api.ts';
import { PackageBanner } from './PackageBanner.tsx';
import { formatDate } from '@domain/format.ts';
import { COUNTED_LISTINGS } from '@domain/listing-count.ts';

type ProviderStats = Extract<DashboardStats, { role: 'service_provider' }>;

function RecentListings({ stats, loading }: { stats: ProviderStats | undefined; loading: boolean }) {
  const listings = stats?.recentListings;
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle as="h2" className="text-lg">
            Your Recent Listings
          </CardTitle>
          <CardDescription>Your latest listings and their approval status.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/dashboard/my-listings">
            View All Listings
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <ul className="space-y-3" aria-hidden="true">
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="flex items-center justify-between gap-3 rounded-lg border p-4">
                <div className="space-y-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-24" />
                </div>
                <Skeleton className="h-5 w-16 rounded-full" />
              </li>
            ))}
          </ul>
        ) : !listings || listings.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            You haven&apos;t created any listings yet.
          </p>
        ) : (
          <ul className="space-y-3">
            {listings.map((listing) => (
              <li key={listing.id}>
                <Link
                  to={`/dashboard/listings/${listing.id}/edit`}
                  className="flex flex-col gap-2 rounded-lg border p-4 transition-colors hover:bg-secondary/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:flex-row sm:items-center sm:justify-between"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{listing.title}</span>
                    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      {listing.city && (
                        <span className="inline-flex items-center gap-1">
                          <MapPin aria-hidden="true" className="size-3" />
                          {listing.city}
                        </span>
                      )}
                      <span>{formatDate(listing.createdAt)}</span>
                    </span>
                  </span>
                  <ListingStatusBadge status={listing.status} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function ProviderDashboard({ me, name }: { me: Me; name: string }) {
  const { data, isPending, isError } = useDashboardStats();
  const stats = data?.role === 'service_provider' ? data : undefined;
  const { data: status } = usePackageStatus(me.provider !== null);
  useErrorToast(isError, 'Failed to load data', { id: 'dashboard-stats-error' });

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <DashboardHeading name={name} />

      {!me.provider ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-warning/60 bg-warning/15 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-center gap-2 text-sm font-medium">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            Please complete your service provider profile
          </p>
          <Button asChild size="sm">
            <Link to="/dashboard/become-provider">Complete Profile</Link>
          </Button>
        </div>
      ) : (
        <PackageBanner status={status} />
      )}

      <section aria-label="Statistics" aria-busy={isPending} className="grid gap-4 sm:grid-cols-3">
        {isPending ? (
          <StatCardSkeletons count={3} />
        ) : isError || !stats ? (
          <p className="text-sm text-muted-foreground sm:col-span-full">Failed to load data</p>
        ) : (
          <>
            <StatCard
              label="My Listings"
              value={stats.listings}
              icon={List}
              hint={COUNTED_LISTINGS.statHint}
            />
            <StatCard label="Total Views" value={stats.totalViews} icon={Eye} />
            <StatCard label="Enquiries" value={stats.enquiries} icon={MessageSquare} />
          </>
        )}
      </section>

      <GettingStartedCard
        text="Create a listing to showcase your services to matric learners and their families."
        label="Create Listing"
        to="/dashboard/listings/new"
      />

      <RecentListings stats={stats} loading={isPending} />
    </div>
  );
}
