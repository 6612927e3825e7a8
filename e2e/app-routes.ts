/**
 * Every page of the app (the page table, src/domain/pages.ts) as a real URL with seeded ids, and the demo account that can open it:
 * the overflow and accessibility sweeps visit exactly these, so a new route cannot be forgotten.
 */
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { PAGES, type AppRoute, type Page as AppPage } from '../src/domain/pages.ts';
import type { BrowseResult } from '../src/domain/listings.ts';
import { DEMO, waitForAppOnNavigation } from './support.ts';

export type Visitor = 'anonymous' | 'user' | 'guideUser' | 'premiumProvider' | 'admin';

/** The seeded premium, verified provider with the longest name (the 360 px overflow case). */
export const LONG_NAME_PROVIDER = 'Glow Beauty Bar & Bridal Makeup Artistry Collective';
const GUIDE_ARTICLE_SLUG = 'finding-your-perfect-farewell-look';

/**
 * Who opens a page: admin screens as the admin, provider screens as the premium provider, the Matric Guide
 * as a reader with access, the other dashboard screens as a user; everything else (the guide's sign-up and
 * the old /become-provider address too) as a visitor.
 */
function visitorFor(page: AppPage<AppRoute>): Visitor {
  if (page.access === 'admin') return 'admin';
  if (page.access === 'provider') return 'premiumProvider';
  if (page.path.startsWith('/matric-guide')) return 'guideUser';
  if (page.path.startsWith('/dashboard')) return 'user';
  return 'anonymous';
}

export interface RouteVisit {
  route: AppRoute;
  url: string;
  visitor: Visitor;
}

export interface SeededIds {
  listingId: string;
  providerId: string;
  ownListingId: string;
  /** Category slug and hyphenated province of the long-named provider's listing (a landing page). */
  category: string;
  province: string;
}

/** Ids from the seeded catalogue: the long-named provider's listing and one of the premium account's. */
export async function seededIds(request: APIRequestContext): Promise<SeededIds> {
  const items: BrowseResult['items'] = [];
  let cursor: string | null = null;
  do {
    const res = await request.get(`/api/listings?pageSize=48${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.ok()).toBe(true);
    const page = (await res.json()) as BrowseResult;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  const long = items.find((l) => l.provider.businessName === LONG_NAME_PROVIDER);
  const own = items.find((l) => l.provider.businessName === 'Elite Arrivals');
  if (!long || !own) throw new Error('The seeded listings are missing');
  return {
    listingId: long.id,
    providerId: long.provider.id,
    ownListingId: own.id,
    category: long.category.slug,
    province: long.province.replace(/_/g, '-'),
  };
}

export function routeVisits(ids: SeededIds): RouteVisit[] {
  return PAGES.map((page) => {
    const route = page.path;
    const url = route
      .replace('/listing/:id', `/listing/${ids.listingId}`)
      .replace('/provider/:id', `/provider/${ids.providerId}`)
      .replace('/dashboard/listings/:id/edit', `/dashboard/listings/${ids.ownListingId}/edit`)
      .replace(':slug', GUIDE_ARTICLE_SLUG)
      .replace(':category', ids.category)
      .replace(':province', ids.province);
    return { route, url, visitor: visitorFor(page) };
  });
}

/** One signed-in browser context per visitor, created on first use (a sign-in each, not one per page). */
export class Visitors {
  private contexts = new Map<Visitor, BrowserContext>();
  constructor(
    private browser: Browser,
    private baseURL: string,
    private viewport: { width: number; height: number },
  ) {}

  async page(visitor: Visitor): Promise<Page> {
    let context = this.contexts.get(visitor);
    if (!context) {
      context = await this.browser.newContext({ baseURL: this.baseURL, viewport: this.viewport });
      this.contexts.set(visitor, context);
      if (visitor !== 'anonymous') {
        const account = DEMO[visitor];
        const res = await context.request.post('/api/auth/sign-in', {
          data: { email: account.email, password: account.password },
          headers: { origin: this.baseURL },
        });
        expect(res.ok(), `sign in as ${visitor}`).toBe(true);
      }
    }
    const [existing] = context.pages();
    return existing ?? waitForAppOnNavigation(await context.newPage());
  }

  async close() {
    for (const context of this.contexts.values()) await context.close();
  }
}

/** Navigates and waits until the page's data has arrived (no request in flight, no busy region). */
export async function openSettled(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('main').first()).toBeVisible();
}

/**
 * What the sweeps found on screens other work owns, written down so the sweeps stay green for everything
 * else (issue 8 asks them to cover every route; the owners fix these). Delete an entry once its screen is
 * fixed: the sweep then guards it like every other page.
 */
export const KNOWN_ISSUES: Partial<Record<AppRoute, { overflow?: true; axe?: string[]; owner: string }>> = {};

/** The known issues of the visited routes, as test annotations (they show in the report). */
export function annotateKnownIssues(
  annotations: { type: string; description?: string }[],
  kind: 'overflow' | 'axe',
) {
  for (const [route, issue] of Object.entries(KNOWN_ISSUES)) {
    if (kind === 'overflow' ? issue.overflow : issue.axe)
      annotations.push({ type: 'known issue', description: `${route}: ${issue.owner}` });
  }
}
