/**
 * /dashboard for admins: Total Users, Total Listings, Total Enquiries, the listings pending review (a link
 * to /admin/listings) and Getting Started → Manage Listings.
 */
import { Link } from 'react-router';
import { ArrowRight, Clock, List, MessageSquare, Users } from 'lucide-react';
import { formatCount } from '@domain/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { DashboardHeading, GettingStartedCard, StatCard } from '../../components/dashboard-cards.tsx';
import { useErrorToast } from '../../components/query-state.tsx';
import { displayName } from '../../lib/use-me.ts';
import type { Me } from '../../lib/me-types.ts';
import { useDashboardStats } from '../../lib/use-dashboard-stats.ts';
import { useAdminOverview } from './api.ts';

export function AdminDashboard({ me }: { me: Me }) {
  const { data: stats, isError } = useDashboardStats();
  const { data: overview } = useAdminOverview();
  const adminStats = stats?.role === 'admin' ? stats : undefined;

  useErrorToast(isError, 'Failed to load data', { id: 'dashboard-stats-error' });

  const pending = overview?.pendingListings;

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <DashboardHeading name={displayName(me)} />

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

      <GettingStartedCard
        text="Review new listings and keep the marketplace running smoothly."
        label="Manage Listings"
        to="/admin/listings"
      />
    </div>
  );
}
