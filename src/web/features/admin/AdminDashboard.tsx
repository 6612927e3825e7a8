/**
 * /dashboard for admins: Total Users, Total Listings, Total Enquiries, the listings pending review (a link
 * to /admin/listings) and Getting Started → Manage Listings.
 */
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Link } from 'react-router';
import { ArrowRight, Clock, List, MessageSquare, Rocket, Users, type LucideIcon } from 'lucide-react';
import { formatCount } from '@domain/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { displayName } from '../auth/use-me.ts';
import type { Me } from '../auth/types.ts';
import { useDashboardStats } from '../dashboard/use-dashboard-stats.ts';
import { useAdminOverview } from './api.ts';

function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: number | undefined;
  icon: LucideIcon;
}) {
  return (
    <Card className="gap-2 py-5">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2" className="text-sm font-medium text-muted-foreground">
          {label}
        </CardTitle>
        <span
          aria-hidden="true"
          className="flex size-9 items-center justify-center rounded-full bg-secondary text-primary"
        >
          <Icon className="size-4" />
        </span>
      </CardHeader>
      <CardContent>
        {value === undefined ? (
          <Skeleton className="h-8 w-16" />
        ) : (
          <p className="text-3xl font-bold tracking-tight">{formatCount(value)}</p>
        )}
      </CardContent>
    </Card>
  );
}

export function AdminDashboard({ me }: { me: Me }) {
  const { data: stats, isError } = useDashboardStats();
  const { data: overview } = useAdminOverview();
  const adminStats = stats?.role === 'admin' ? stats : undefined;

  useEffect(() => {
    if (isError) toast.error('Failed to load data', { id: 'dashboard-stats-error' });
  }, [isError]);

  const pending = overview?.pendingListings;

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Welcome back, {displayName(me)}!</p>
      </div>

      <section aria-label="Statistics" className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Users" value={adminStats?.users} icon={Users} />
        <StatCard label="Total Listings" value={adminStats?.listings} icon={List} />
        <StatCard label="Total Enquiries" value={adminStats?.enquiries} icon={MessageSquare} />
      </section>

      <Card className="border-warning/60 bg-warning/10 py-4">
        <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 font-medium">
            <Clock aria-hidden="true" className="size-5 shrink-0" />
            {pending === undefined
              ? 'Checking listings pending review…'
              : pending === 0
                ? 'No listings are waiting for review.'
                : `${formatCount(pending)} listing${pending === 1 ? '' : 's'} pending review`}
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/listings">
              Review listings
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardContent>
      </Card>

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
            <CardDescription>Review new listings and keep the marketplace running smoothly.</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to="/admin/listings">
              Manage Listings
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
