import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { AlertTriangle, FlaskConical, GraduationCap, LogOut, Menu, Store } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@domain/constants.ts';
import { SkipLink } from '../../components/skip-link.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '../../components/ui/sheet.tsx';
import { PageSpinner, Spinner } from '../../components/ui/spinner.tsx';
import { useMe } from '../../lib/use-me.ts';
import { useSignOutFlow } from '../../features/auth/use-sign-out-flow.ts';
import { useAdminOverview } from '../../features/admin/api.ts';
import { useAnalyticsNav } from '../../features/provider/api.ts';
import type { Me } from '../../lib/me-types.ts';
import { useSignInPath } from '../../lib/redirect.ts';
import { cn } from '../../lib/utils.ts';
import { activeNavItem, canAccessPath, navItemsForRole, type NavItem } from '../nav.ts';

const ROLE_BADGE_VARIANT: Record<Role, 'default' | 'secondary' | 'gold'> = {
  user: 'secondary',
  service_provider: 'default',
  admin: 'gold',
};

function DashboardHeader({ me }: { me: Me }) {
  const { signOut, isPending } = useSignOutFlow();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-primary/70 text-gold"
          >
            <GraduationCap className="size-4" />
          </span>
          <span className="truncate text-lg font-bold tracking-tight text-primary">Matric Moments</span>
        </Link>
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <span
            className="hidden max-w-[16rem] truncate text-sm text-muted-foreground md:inline"
            title={me.user.email}
          >
            {me.user.email}
          </span>
          <Badge variant={ROLE_BADGE_VARIANT[me.role]} className="hidden sm:inline-flex">
            {ROLE_LABELS[me.role]}
          </Badge>
          {me.demoMode && (
            <Badge variant="warning" className="hidden sm:inline-flex">
              <FlaskConical aria-hidden="true" />
              Demo Mode
            </Badge>
          )}
          <Button variant="outline" size="sm" onClick={() => void signOut()} disabled={isPending}>
            {isPending ? <Spinner label={null} /> : <LogOut aria-hidden="true" />}
            Sign Out
          </Button>
        </div>
      </div>
      {/* On phones the email and badges move to a second line. */}
      <div className="flex items-center gap-2 border-t px-4 py-2 sm:hidden">
        <span className="min-w-0 truncate text-xs text-muted-foreground">{me.user.email}</span>
        <Badge variant={ROLE_BADGE_VARIANT[me.role]}>{ROLE_LABELS[me.role]}</Badge>
        {me.demoMode && <Badge variant="warning">Demo Mode</Badge>}
      </div>
    </header>
  );
}

const navItemClass = (isActive: boolean) =>
  cn(
    'flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
    isActive
      ? 'bg-primary text-primary-foreground shadow-sm'
      : 'text-foreground/80 hover:bg-secondary hover:text-secondary-foreground',
  );

type NavCounts = Partial<Record<NonNullable<NavItem['count']>, number>>;

function NavList({
  items,
  active,
  onNavigate,
  counts,
}: {
  items: readonly NavItem[];
  active: NavItem | undefined;
  onNavigate?: () => void;
  counts: NavCounts;
}) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const isActive = item === active;
        const Icon = item.icon;
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onNavigate}
              aria-current={isActive ? 'page' : undefined}
              className={navItemClass(isActive)}
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {item.label}
              {item.count && counts[item.count] ? (
                <span
                  className={cn(
                    'ml-auto rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                    isActive ? 'bg-primary-foreground text-primary' : 'bg-destructive text-white',
                  )}
                >
                  {counts[item.count]}
                  <span className="sr-only"> open</span>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Back to the public side: every dashboard screen offers it (the sidebar's foot, the phone menu). */
function MarketplaceLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/browse" onClick={onNavigate} className={navItemClass(false)}>
      <Store aria-hidden="true" className="size-4 shrink-0" />
      Browse Marketplace
    </Link>
  );
}

/**
 * The dashboard menu: a sidebar from 1024 px; on smaller screens a bar with a Menu button that opens
 * every item in a sheet (no sideways scroller hiding items), and the current screen's name.
 */
function Sidebar({ role }: { role: Role }) {
  const { pathname } = useLocation();
  const items = navItemsForRole(role, { analytics: useAnalyticsNav(role) });
  const active = activeNavItem(items, pathname);
  const { data: overview } = useAdminOverview({ enabled: role === 'admin' });
  const counts: NavCounts = { openReports: overview?.openReports };
  const [menuOpen, setMenuOpen] = useState(false);
  const close = () => setMenuOpen(false);
  return (
    <>
      <div className="flex items-center gap-3 border-b bg-card px-4 py-2 lg:hidden">
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="outline" className="min-h-11">
              <Menu aria-hidden="true" />
              Menu
            </Button>
          </SheetTrigger>
          <SheetContent side="left" className="w-72 max-w-[85vw]">
            <SheetHeader>
              <SheetTitle>Dashboard menu</SheetTitle>
              <SheetDescription className="sr-only">Every screen of your dashboard</SheetDescription>
            </SheetHeader>
            <SheetBody>
              <nav aria-label="Dashboard">
                <NavList items={items} active={active} onNavigate={close} counts={counts} />
              </nav>
            </SheetBody>
            <SheetFooter className="border-t">
              <MarketplaceLink onNavigate={close} />
            </SheetFooter>
          </SheetContent>
        </Sheet>
        {active && (
          <p className="min-w-0 truncate text-sm font-medium text-muted-foreground">{active.label}</p>
        )}
      </div>
      {/* The landmark holds exactly the spec's sidebar items; the way back to the marketplace sits below. */}
      <div className="hidden bg-card lg:sticky lg:top-16 lg:flex lg:h-[calc(100vh-4rem)] lg:w-64 lg:shrink-0 lg:flex-col lg:overflow-y-auto lg:border-r lg:px-3 lg:py-4">
        <nav aria-label="Dashboard">
          <NavList items={items} active={active} counts={counts} />
        </nav>
        <div className="mt-auto border-t pt-3">
          <MarketplaceLink />
        </div>
      </div>
    </>
  );
}

function SessionError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 px-4">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <AlertTriangle aria-hidden="true" className="mx-auto size-10 text-destructive" />
        <h1 className="mt-4 text-xl font-semibold">We could not load your account</h1>
        <p className="mt-2 text-sm text-muted-foreground">Please check your connection and try again.</p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button onClick={onRetry} disabled={retrying}>
            {retrying && <Spinner label={null} />}
            Try again
          </Button>
          <Button variant="outline" asChild>
            <Link to="/">Back to Home</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}

/**
 * Shell of every /dashboard and /admin page: requires a session (otherwise /auth) and, for admin pages,
 * the admin role (otherwise /dashboard). The role rules live in app/nav.ts.
 */
export function DashboardLayout() {
  const { pathname } = useLocation();
  const { data: me, isError, refetch, isFetching } = useMe();
  const signInPath = useSignInPath();

  if (me === undefined) {
    if (isError) return <SessionError onRetry={() => void refetch()} retrying={isFetching} />;
    return <PageSpinner className="min-h-screen" label="Loading your dashboard" />;
  }
  // Signed out (or the session ended): sign in, then come back to this very page.
  if (me === null) return <Navigate to={signInPath} replace />;
  if (!canAccessPath(me.role, pathname)) return <Navigate to="/dashboard" replace />;

  return (
    <div className="min-h-screen bg-muted/30">
      <SkipLink />
      <DashboardHeader me={me} />
      <div className="lg:flex">
        <Sidebar role={me.role} />
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Outlet />
        </main>
      </div>
    </div>
  );
}
