/**
 * The dashboard sidebar (dashboard-and-admin spec, section 2) and the role guard for signed-in routes.
 * This is the one place that says which role sees which dashboard screen.
 */
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  BookOpen,
  History,
  MailX,
  CirclePlus,
  Flag,
  Crown,
  FileText,
  Heart,
  LayoutDashboard,
  List,
  MessageSquare,
  Package,
  Settings,
  Share2,
  ShieldCheck,
  Users,
  UserCheck,
} from 'lucide-react';
import type { Role } from '@domain/constants.ts';

export interface NavItem {
  label: string;
  to: string;
  roles: readonly Role[];
  icon: LucideIcon;
  /** Shown only when the provider's package includes analytics (has_analytics, or demo mode). */
  needsAnalytics?: boolean;
  /** A count shown next to the label (admins: open reports, from /api/admin/overview). */
  count?: 'openReports';
}

const ALL: readonly Role[] = ['user', 'service_provider', 'admin'];

/** Exactly the items, labels and order of the spec's sidebar table. */
export const DASHBOARD_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', roles: ALL, icon: LayoutDashboard },
  { label: 'Settings', to: '/dashboard/settings', roles: ALL, icon: Settings },
  { label: 'Favorites', to: '/dashboard/favorites', roles: ['user'], icon: Heart },
  {
    label: 'Enquiries',
    to: '/dashboard/enquiries',
    roles: ['user', 'service_provider'],
    icon: MessageSquare,
  },
  { label: 'My Listings', to: '/dashboard/listings', roles: ['service_provider'], icon: List },
  { label: 'Add Listing', to: '/dashboard/listings/new', roles: ['service_provider'], icon: CirclePlus },
  {
    label: 'Analytics',
    to: '/dashboard/analytics',
    roles: ['service_provider'],
    icon: BarChart3,
    needsAnalytics: true,
  },
  { label: 'Manage Users', to: '/admin/users', roles: ['admin'], icon: Users },
  { label: 'Manage Listings', to: '/admin/listings', roles: ['admin'], icon: ShieldCheck },
  { label: 'Manage Packages', to: '/admin/package-settings', roles: ['admin'], icon: Package },
  { label: 'Content Editor', to: '/admin/premium-content', roles: ['admin'], icon: BookOpen },
  { label: 'Matric Users', to: '/admin/matric-users', roles: ['admin'], icon: UserCheck },
  { label: 'Premium Access', to: '/admin/premium-access', roles: ['admin'], icon: Crown },
  { label: 'Social Links', to: '/admin/social-links', roles: ['admin'], icon: Share2 },
  { label: 'Content Management', to: '/admin/cms', roles: ['admin'], icon: FileText },
  { label: 'Reports', to: '/admin/reports', roles: ['admin'], icon: Flag, count: 'openReports' },
  { label: 'Audit Log', to: '/admin/audit', roles: ['admin'], icon: History },
  { label: 'Failed Emails', to: '/admin/failed-mail', roles: ['admin'], icon: MailX },
];

export function navItemsForRole(role: Role, opts: { analytics?: boolean } = {}): NavItem[] {
  return DASHBOARD_NAV.filter(
    (item) => item.roles.includes(role) && (!item.needsAnalytics || opts.analytics === true),
  );
}

/**
 * The sidebar item to highlight for a path: the longest item route that is the path or a parent of it,
 * so /dashboard/listings/new highlights Add Listing and /dashboard/listings/3/edit highlights My Listings.
 */
export function activeNavItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  let best: NavItem | undefined;
  for (const item of items) {
    const matches = pathname === item.to || pathname.startsWith(`${item.to}/`);
    if (matches && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}

/** Roles allowed on a signed-in path, by prefix. Paths not listed are open to every signed-in role. */
const ROUTE_ROLES: readonly { prefix: string; roles: readonly Role[] }[] = [
  { prefix: '/admin', roles: ['admin'] },
];

export function rolesForPath(pathname: string): readonly Role[] | null {
  const rule = ROUTE_ROLES.find((r) => pathname === r.prefix || pathname.startsWith(`${r.prefix}/`));
  return rule ? rule.roles : null;
}

/** Whether a role may open a signed-in path; the layout sends others to /dashboard. */
export function canAccessPath(role: Role, pathname: string): boolean {
  const roles = rolesForPath(pathname);
  return roles === null || roles.includes(role);
}
