/**
 * Server-rendered public pages: their content is in the HTML (JavaScript off), hydration adds no console
 * errors or warnings and does not fetch the page's data again, and signed-in parts work after hydration.
 */
import type { Page } from '@playwright/test';
import { seededIds, type SeededIds } from './app-routes.ts';
import { DEMO, expect, test } from './support.ts';

interface PublicPage {
  path: (ids: SeededIds) => string;
  /** Text of the page's main content that must be in the server's HTML. */
  heading: RegExp;
}

const PAGES: PublicPage[] = [
  { path: () => '/', heading: /matric/i },
  { path: () => '/browse', heading: /browse/i },
  { path: (ids) => `/listing/${ids.listingId}`, heading: /./ },
  { path: (ids) => `/provider/${ids.providerId}`, heading: /Glow Beauty Bar/ },
  { path: () => '/about', heading: /about/i },
  { path: () => '/contact', heading: /contact/i },
  { path: () => '/faq', heading: /Frequently Asked Questions/i },
  { path: () => '/how-it-works', heading: /how/i },
  { path: () => '/packages', heading: /package/i },
  { path: (ids) => `/services/${ids.category}`, heading: /matric farewell/i },
  { path: (ids) => `/services/${ids.category}/${ids.province}`, heading: /matric farewell/i },
];

let ids: SeededIds;
test.beforeAll(async ({ request }) => {
  ids = await seededIds(request);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const p of PAGES) {
    test(`${p.path({ listingId: ':id', providerId: ':id', ownListingId: '', category: ':category', province: ':province' })} shows its content`, async ({
      page,
    }) => {
      const res = await page.goto(p.path(ids));
      expect(res?.status()).toBe(200);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveText(p.heading);
      // Links are real anchors a crawler can follow.
      expect(await page.locator('a[href^="/"]').count()).toBeGreaterThan(0);
    });
  }

  test('a listing’s price, pictures and provider are in the HTML', async ({ page }) => {
    await page.goto(`/listing/${ids.listingId}`);
    await expect(page.locator('main')).toContainText('Glow Beauty Bar');
    await expect(page.locator('main img').first()).toHaveAttribute('alt', /.+/);
  });

  /** The seeded listing the search tests look for, as the API describes it. */
  const seededListing = async (page: Page) =>
    (await (await page.request.get(`/api/listings/${ids.listingId}`)).json()) as {
      title: string;
      priceFrom: number;
    };

  // Before hydration the same holds: a search typed while the JavaScript still loads is not lost.
  test('the home search goes to /browse by itself', async ({ page }) => {
    const { title } = await seededListing(page);
    await page.goto('/');
    const form = page.getByRole('search', { name: 'Find services' });
    await form.getByRole('searchbox', { name: 'Search services' }).fill(title);
    await form.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/browse\?search=/);
    await expect(page.locator('main')).toContainText(title);
  });

  test('the browse search and the price range keep the other filters', async ({ page }) => {
    const { title, priceFrom } = await seededListing(page);
    const belowIt = String(Math.max(0, Math.floor(priceFrom) - 1));
    await page.goto(`/browse?category=${ids.category}`);
    const search = page.getByRole('search', { name: 'Search listings' });
    await search.getByRole('searchbox', { name: 'Search listings' }).fill(title);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`category=${ids.category}.*&search=|search=.*&category=${ids.category}`),
    );
    await expect(page.locator('main')).toContainText(title);

    const price = page.getByRole('form', { name: 'Price range' });
    await price.getByLabel('Max price (R)').fill(belowIt);
    await price.getByRole('button', { name: 'Apply' }).click();
    const url = new URL(page.url());
    expect(url.searchParams.get('category')).toBe(ids.category);
    expect(url.searchParams.get('search')).toBe(title);
    expect(url.searchParams.get('maxPrice')).toBe(belowIt);
    await expect(page.locator('main')).not.toContainText(title);
  });

  test('the contact form cannot be sent before it works, so its fields never go into the address', async ({
    page,
  }) => {
    await page.goto('/contact');
    await page.getByLabel('Email').fill('lerato@example.com');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
    await page.getByLabel('Subject').press('Enter');
    await expect(page).toHaveURL(/\/contact$/);
  });
});

function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test.describe('with JavaScript', () => {
  for (const p of PAGES) {
    test(`${p.path({ listingId: ':id', providerId: ':id', ownListingId: '', category: ':category', province: ':province' })} hydrates without errors or refetching`, async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const refetched: string[] = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        // The session and view counting are the browser's own; the page's data came with the HTML.
        if (url.pathname.startsWith('/api/') && url.pathname !== '/api/me' && r.method() === 'GET') {
          refetched.push(url.pathname + url.search);
        }
      });
      await page.goto(p.path(ids));
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      if (!p.path(ids).startsWith('/browse')) expect(refetched).toEqual([]);
    });
  }

  test('favourites work on a server-rendered listing after hydration', async ({ page, baseURL }) => {
    const problems = watchConsole(page);
    const res = await page.request.post('/api/auth/sign-in', {
      data: { email: DEMO.user.email, password: DEMO.user.password },
      headers: { origin: baseURL! },
    });
    expect(res.ok()).toBe(true);
    await page.goto(`/listing/${ids.listingId}`);
    // The first heart in the page (the listing's own), whatever its state: toggle it and back.
    const heart = page
      .getByRole('main')
      .getByRole('button', { name: /(Add to|Remove from) favorites/ })
      .first();
    await expect(heart).toBeVisible();
    const before = await heart.getAttribute('aria-label');
    const after = before === 'Add to favorites' ? 'Remove from favorites' : 'Add to favorites';
    await heart.click();
    await expect(heart).toHaveAttribute('aria-label', after);
    await heart.click();
    await expect(heart).toHaveAttribute('aria-label', before!);
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  });
});
