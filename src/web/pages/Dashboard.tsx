import { useEffect } from 'react';
import type { LucideIcon } from 'lucide-react';
import { formatCount } from '@domain/format.ts';
import {
  AlertTriangle,
  ArrowRight,
  Eye,
  Heart,
  List,
  MapPin,
  MessageSquare,
  Rocket,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { format } from 'date-fns';
import type { Role } from '@domain/constants.ts';
import { ListingStatusBadge } from '../components/listing-status-badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { AdminDashboard } from '../features/admin/AdminDashboard.tsx';
import { displayName, useMe } from '../features/auth/use-me.ts';
import { ProviderDashboard } from '../features/provider-dashboard/ProviderDashboard.tsx';
import type { Me } from '../features/auth/types.ts';
import {
  useDashboardStats,
  type DashboardStats,
  type RecentListing,
} from '../features/dashboard/use-dashboard-stats.ts';

interface StatCardData {
  label: string;
  value: number;
  icon: LucideIcon;
}

function statCards(stats: DashboardStats): StatCardData[] {
  switch (stats.role) {
    case 'user':
      return [
        { label: 'Favorites', value: stats.favorites, icon: Heart },
        { label: 'Enquiries', value: stats.enquiries, icon: MessageSquare },
      ];
    case 'service_provider':
      return [
        { label: 'My Listings', value: stats.listings, icon: List },
        { label: 'Total Views', value: stats.totalViews, icon: Eye },
        { label: 'Enquiries', value: stats.enquiries, icon: MessageSquare },
      ];
    case 'admin':
      return [
        { label: 'Total Users', value: stats.users, icon: Users },
        { label: 'Total Listings', value: stats.listings, icon: List },
        { label: 'Total Enquiries', value: stats.enquiries, icon: MessageSquare },
      ];
  }
}

const STAT_COUNT: Record<Role, number> = { user: 2, service_provider: 3, admin: 3 };

const GETTING_STARTED: Record<Role, { text: string; label: string; to: string }> = {
  user: {
    text: 'Discover the best matric farewell services near you and save your favourites.',
    label: 'Browse Listings',
    to: '/',
  },
  service_provider: {
    text: 'Create a listing to showcase your services to matric learners and their families.',
    label: 'Create Listing',
    to: '/dashboard/listings/new',
  },
  admin: {
    text: 'Review new listings and keep the marketplace running smoothly.',
    label: 'Manage Listings',
    to: '/admin/listings',
  },
};

const gridCols: Record<Role, string> = {
  user: 'sm:grid-cols-2',
  service_provider: 'sm:grid-cols-3',
  admin: 'sm:grid-cols-3',
};

function StatCard({ stat }: { stat: StatCardData }) {
  const Icon = stat.icon;
  return (
    <Card className="gap-2 py-5">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {stat.label}
        </CardTitle>
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-secondary text-primary"
        >
          <Icon className="size-4" />
        </span>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tracking-tight">{formatCount(stat.value)}</p>
      </CardContent>
    </Card>
  );
}

function StatSkeletons({ role }: { role: Role }) {
  return (
    <>
      {Array.from({ length: STAT_COUNT[role] }, (_, i) => (
        <Card key={i} className="gap-3 py-5">
          <CardContent className="space-y-4">
            <div className="flex items-center justify-between">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="size-9 rounded-full" />
            </div>
            <Skeleton className="h-8 w-16" />
          </CardContent>
        </Card>
      ))}
    </>
  );
}

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMM d, yyyy');
}

function RecentListings({ listings, loading }: { listings: RecentListing[] | undefined; loading: boolean }) {
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
              <li
                key={listing.id}
                className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium">{listing.title}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                    {listing.city && (
                      <span className="inline-flex items-center gap-1">
                        <MapPin aria-hidden="true" className="size-3" />
                        {listing.city}
                      </span>
                    )}
                    <span>{formatDate(listing.createdAt)}</span>
                  </p>
                </div>
                <ListingStatusBadge status={listing.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function DashboardHome({ me }: { me: Me }) {
  const { data: stats, isPending, isError } = useDashboardStats();

  useEffect(() => {
    if (isError) toast.error('Failed to load data', { id: 'dashboard-stats-error' });
  }, [isError]);

  const role = me.role;
  const start = GETTING_STARTED[role];
  const cards = stats ? statCards(stats) : [];

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Welcome back, {displayName(me)}!</p>
      </div>

      {role === 'service_provider' && !me.provider && (
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
      )}

      <section aria-label="Statistics" aria-busy={isPending} className={`grid gap-4 ${gridCols[role]}`}>
        {isPending ? (
          <StatSkeletons role={role} />
        ) : isError ? (
          <p className="text-sm text-muted-foreground sm:col-span-full">Failed to load data</p>
        ) : (
          cards.map((stat) => <StatCard key={stat.label} stat={stat} />)
        )}
      </section>

      <Card className="overflow-hidden border-primary/20 bg-gradient-to-br from-secondary to-card">
        <CardHeader className="flex-row items-start gap-4">
          <span
            aria-hidden="true"
            className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-gold"
          >
            <Rocket className="size-5" />
          </span>
          <div className="space-y-1.5">
            <CardTitle as="h2" className="text-lg">
              Getting Started
            </CardTitle>
            <CardDescription>{start.text}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to={start.to}>
              {start.label}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardContent>
      </Card>

      {role === 'service_provider' && (
        <RecentListings
          listings={stats?.role === 'service_provider' ? stats.recentListings : undefined}
          loading={isPending}
        />
      )}
    </div>
  );
}

export default function Dashboard() {
  const { data: me } = useMe();
  // The layout only renders pages once the session is known.
  if (!me) return null;
  if (me.role === 'admin') return <AdminDashboard me={me} />;
  if (me.role === 'service_provider') return <ProviderDashboard me={me} name={displayName(me)} />;
  return <DashboardHome me={me} />;
}
