import { Heart, MessageSquare } from 'lucide-react';
import {
  DashboardHeading,
  GettingStartedCard,
  StatCard,
  StatCardSkeletons,
} from '../components/dashboard-cards.tsx';
import { useErrorToast } from '../components/query-state.tsx';
import { AdminDashboard } from '../features/admin/AdminDashboard.tsx';
import { VerifyEmailBanner } from '../features/auth/EmailVerification.tsx';
import { displayName, useMe } from '../lib/use-me.ts';
import type { Me } from '../lib/me-types.ts';
import { useDashboardStats } from '../lib/use-dashboard-stats.ts';
import { ProviderDashboard } from '../features/provider/ProviderDashboard.tsx';

/** /dashboard for parents and learners: Favorites and Enquiries, and Getting Started → Browse Listings. */
function UserDashboard({ me }: { me: Me }) {
  const { data: stats, isPending, isError } = useDashboardStats();
  const userStats = stats?.role === 'user' ? stats : undefined;

  useErrorToast(isError, 'Failed to load data', { id: 'dashboard-stats-error' });

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <DashboardHeading name={displayName(me)} />

      <section aria-label="Statistics" aria-busy={isPending} className="grid gap-4 sm:grid-cols-2">
        {isPending ? (
          <StatCardSkeletons count={2} />
        ) : isError || !userStats ? (
          <p className="text-sm text-muted-foreground sm:col-span-full">Failed to load data</p>
        ) : (
          <>
            <StatCard label="Favorites" value={userStats.favorites} icon={Heart} />
            <StatCard label="Enquiries" value={userStats.enquiries} icon={MessageSquare} />
          </>
        )}
      </section>

      <GettingStartedCard
        text="Discover the best matric farewell services near you and save your favourites."
        label="Browse Listings"
        to="/"
      />
    </div>
  );
}

export default function Dashboard() {
  const { data: me } = useMe();
  // The layout only renders pages once the session is known.
  if (!me) return null;
  const home =
    me.role === 'admin' ? (
      <AdminDashboard me={me} />
    ) : me.role === 'service_provider' ? (
      <ProviderDashboard me={me} name={displayName(me)} />
    ) : (
      <UserDashboard me={me} />
    );
  if (me.user.emailVerified) return home;
  return (
    <div className="space-y-6">
      <div className="mx-auto max-w-6xl">
        <VerifyEmailBanner email={me.user.email} />
      </div>
      {home}
    </div>
  );
}
