/**
 * The page table: every page of the web app, once. Both sides read it.
 *
 * - The web router (src/web/app/routes.tsx) makes its route objects from it: path, lazily loaded module,
 *   layout, document title, redirects (through vite-page-routes.ts at build time, so the browser bundle
 *   carries only those).
 * - The server (src/server/plugins/pages.ts) answers exactly these paths with the web app (200) and every
 *   other path with the not-found page (404); it preloads each page's module (src/server/web-shell.ts),
 *   renders the `ssr` pages (src/server/ssr.ts) and writes every page's head: pages that may not be indexed
 *   say noindex, the others get the head their entry in src/domain/page-loads.ts writes from their data.
 * - The sitemap lists the `sitemap` pages in this order (src/server/features/seo/sitemap.ts); the
 *   end-to-end sweeps visit every page (e2e/app-routes.ts).
 *
 * Adding a page: one entry here and its module under src/web/pages/; a server-rendered page also gets its
 * data and head in src/domain/page-loads.ts (the type there requires it).
 */

/** Who may see a page (the browser screens enforce it; the API refuses the data to everyone else). */
export type PageAccess = 'public' | 'signedIn' | 'provider' | 'admin';

/** Which layout a page renders in: the public header and footer, the signed-in sidebar, or neither. */
export type PageLayout = 'public' | 'dashboard' | 'none';

interface PageOptions {
  /** The document title in the browser (`<title> | Matric Moments`); the home page has none. */
  title?: string;
  access?: PageAccess;
  /** Rendered on the server with its data (src/domain/page-loads.ts); otherwise in the browser only. */
  ssr?: boolean;
  /** Crawlers may index it; otherwise its head says noindex. */
  index?: boolean;
  /** Listed in the sitemap's pages chunk. */
  sitemap?: boolean;
}

export interface Page<P extends string = string> extends Required<Omit<PageOptions, 'title'>> {
  /** React Router pattern. */
  path: P;
  /** The page module under src/web, as Vite's build manifest names it ('' for a redirect). */
  module: string;
  layout: PageLayout;
  title: string | undefined;
  /** An old address: the browser router sends it on to this path. */
  redirect: string | undefined;
}

function page<P extends string>(
  path: P,
  layout: PageLayout,
  module: string,
  options: PageOptions = {},
): Page<P> {
  return {
    path,
    module: module ? `pages/${module}` : '',
    layout,
    title: options.title,
    access: options.access ?? 'public',
    ssr: options.ssr ?? false,
    index: options.index ?? false,
    sitemap: options.sitemap ?? false,
    redirect: undefined,
  };
}

/** A public page that is rendered on the server, indexed and (unless it is one of many) in the sitemap. */
function publicPage<P extends string>(
  path: P,
  module: string,
  title: string | undefined,
  sitemap = true,
): Page<P> & { ssr: true } {
  return { ...page(path, 'public', module, { title, index: true, sitemap }), ssr: true };
}

/** A screen of the signed-in area, in the dashboard layout. */
function signedIn<P extends string>(
  path: P,
  module: string,
  title: string,
  access: PageAccess = 'signedIn',
): Page<P> {
  return page(path, 'dashboard', module, { title, access });
}

function redirect<P extends string>(path: P, layout: PageLayout, to: string, access: PageAccess): Page<P> {
  return { ...page(path, layout, '', { access }), redirect: to };
}

const TABLE = [
  publicPage('/', 'Home.tsx', undefined),
  publicPage('/browse', 'Browse.tsx', 'Browse'),
  publicPage('/packages', 'Packages.tsx', 'Packages'),
  publicPage('/about', 'About.tsx', 'About'),
  publicPage('/contact', 'Contact.tsx', 'Contact'),
  publicPage('/faq', 'Faq.tsx', 'FAQs'),
  publicPage('/how-it-works', 'HowItWorks.tsx', 'How It Works'),
  publicPage('/privacy', 'Privacy.tsx', 'Privacy Policy'),
  publicPage('/terms', 'Terms.tsx', 'Terms of Service'),
  // Reading needs a session (and access); the page's address is public and indexed with its own head.
  page('/matric-guide', 'public', 'MatricGuide.tsx', {
    title: 'Matric Guide',
    access: 'signedIn',
    index: true,
    sitemap: true,
  }),
  // One page per record: the sitemap lists the records and the landing pages that have listings.
  publicPage('/listing/:id', 'ListingDetail.tsx', 'Listing', false),
  publicPage('/provider/:id', 'ProviderProfile.tsx', 'Provider', false),
  publicPage('/services/:category', 'Landing.tsx', 'Services', false),
  publicPage('/services/:category/:province', 'Landing.tsx', 'Services', false),
  page('/matric-guide/:slug', 'public', 'MatricArticle.tsx', {
    title: 'Matric Guide Article',
    access: 'signedIn',
  }),
  page('/matric-access', 'public', 'MatricAccess.tsx', { title: 'Matric Access', access: 'signedIn' }),
  page('/checkout', 'public', 'Checkout.tsx', { title: 'Checkout' }),
  page('/auth', 'none', 'Auth.tsx', { title: 'Sign In' }),
  page('/auth/forgot-password', 'none', 'ForgotPassword.tsx', { title: 'Forgot Password' }),
  page('/auth/reset-password', 'none', 'ResetPassword.tsx', { title: 'Reset Password' }),
  page('/auth/verify-email', 'none', 'VerifyEmail.tsx', { title: 'Verify Email' }),
  redirect('/become-provider', 'none', '/dashboard/become-provider', 'signedIn'),
  signedIn('/dashboard', 'Dashboard.tsx', 'Dashboard'),
  signedIn('/dashboard/settings', 'dashboard/Settings.tsx', 'Settings'),
  signedIn('/dashboard/favorites', 'Favorites.tsx', 'Favorites'),
  signedIn('/dashboard/enquiries', 'Enquiries.tsx', 'Enquiries'),
  signedIn('/dashboard/become-provider', 'dashboard/BecomeProvider.tsx', 'Become a Service Provider'),
  signedIn('/dashboard/listings', 'dashboard/MyListings.tsx', 'My Listings', 'provider'),
  redirect('/dashboard/my-listings', 'none', '/dashboard/listings', 'provider'),
  signedIn('/dashboard/listings/new', 'dashboard/CreateListing.tsx', 'Add Listing', 'provider'),
  signedIn('/dashboard/listings/:id/edit', 'dashboard/EditListing.tsx', 'Edit Listing', 'provider'),
  signedIn('/dashboard/analytics', 'dashboard/Analytics.tsx', 'Analytics', 'provider'),
  signedIn('/admin/users', 'admin/AdminUsers.tsx', 'Manage Users', 'admin'),
  signedIn('/admin/listings', 'admin/AdminListings.tsx', 'Manage Listings', 'admin'),
  signedIn('/admin/package-settings', 'admin/AdminPackageSettings.tsx', 'Manage Packages', 'admin'),
  redirect('/admin/packages', 'dashboard', '/admin/package-settings', 'admin'),
  signedIn('/admin/premium-content', 'admin/PremiumContent.tsx', 'Content Editor', 'admin'),
  signedIn('/admin/matric-users', 'admin/MatricUsers.tsx', 'Matric Users', 'admin'),
  signedIn('/admin/premium-access', 'admin/PremiumAccess.tsx', 'Premium Access', 'admin'),
  signedIn('/admin/social-links', 'admin/SocialLinks.tsx', 'Social Links', 'admin'),
  signedIn('/admin/cms', 'admin/ContentManagement.tsx', 'Content Management', 'admin'),
  signedIn('/admin/reports', 'admin/AdminReports.tsx', 'Reports', 'admin'),
  signedIn('/admin/audit', 'admin/AdminAudit.tsx', 'Audit Log', 'admin'),
  signedIn('/admin/failed-mail', 'admin/FailedMail.tsx', 'Failed Emails', 'admin'),
] as const;

export type AppRoute = (typeof TABLE)[number]['path'];
/** The pages rendered on the server: each has its data and head in src/domain/page-loads.ts. */
export type SsrRoute = Extract<(typeof TABLE)[number], { ssr: true }>['path'];

/** Every page, in the order the sitemap lists them and the end-to-end sweeps visit them. */
export const PAGES: readonly Page<AppRoute>[] = TABLE;

// Everything below is derived from the table.

/** Every path pattern the web app answers. */
export const APP_ROUTES: readonly AppRoute[] = PAGES.map((entry) => entry.path);

/** The page of a route pattern. */
function pageOf(route: AppRoute): Page<AppRoute> {
  return PAGES.find((entry) => entry.path === route)!;
}

/**
 * The modules (paths under src/web, as the build manifest names them) a page's first render needs: the
 * dashboard layout's and the page's own. A redirect needs those of the page it sends the browser to.
 */
export function pageModules(route: AppRoute): string[] {
  const entry = pageOf(route);
  const target = entry.redirect === undefined ? entry : PAGES.find((p) => p.path === entry.redirect)!;
  const own = entry.redirect === undefined ? entry.layout : target.layout;
  return own === 'dashboard' ? ['app/layouts/DashboardLayout.tsx', target.module] : [target.module];
}

/** Pages crawlers must not index (signed-in, admin, auth and checkout screens): their head says noindex. */
export function isPrivatePath(route: AppRoute): boolean {
  return !pageOf(route).index;
}

/** The fixed pages of the sitemap, in order. */
export const STATIC_SITEMAP_PATHS: readonly AppRoute[] = PAGES.filter((entry) => entry.sitemap).map(
  (entry) => entry.path,
);

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Each pattern as a regular expression, with the names of its parameters. */
const COMPILED = PAGES.map((entry) => ({
  page: entry,
  names: entry.path
    .split('/')
    .filter((part) => part.startsWith(':'))
    .map((part) => part.slice(1)),
  regex: new RegExp(
    `^${entry.path
      .split('/')
      .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  ),
}));

export interface PageMatch {
  page: Page<AppRoute>;
  /** The path parameters, decoded ('/listing/:id' → { id }). */
  params: Record<string, string>;
}

/**
 * The page a pathname (no query string) belongs to, with its parameters, or null for an unknown path. The
 * server matches with this; the browser and the server bundle with React Router's route objects made from
 * the same table.
 */
export function matchPage(pathname: string): PageMatch | null {
  const path = pathname === '' ? '/' : pathname;
  if (path === '/') return { page: pageOf('/'), params: {} };
  for (const { page: entry, names, regex } of COMPILED) {
    if (entry.path === '/') continue;
    const m = regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = decodeParam(m[i + 1]!)));
    return { page: entry, params };
  }
  return null;
}
