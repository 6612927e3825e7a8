/**
 * Issue 28, items 15, 16, 19 and 20 (decision 0047): packages in their colours on the listing and the
 * provider profile, a pending payment amber on the admin's user card, admin pages that do not ask for a
 * provider package they do not have, the Business tab's way to a business profile, one listing count
 * everywhere (with what it counts), and package allowances without '(s)'. Axe at 360 and 1280 px on the
 * screens that changed.
 */
import type { APIRequest, APIResponse, Browser, Page } from '@playwright/test';
import { seriousViolations, WIDTHS } from './axe.ts';
import {
  createListingViaApi,
  DEMO,
  expect,
  SHOTS_DIR,
  signIn,
  test,
  uniqueEmail,
  waitForAppOnNavigation,
  formGuardFields,
  SIGN_UP_CONSENT,
} from './support.ts';

const COLOURS: Record<string, string> = { basic: 'green', standard: 'blue', premium: 'purple' };

async function noSeriousViolations(page: Page, what: string, shot: string) {
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    expect(await seriousViolations(page), `${what} at ${viewport.width} px`).toEqual([]);
    await page.screenshot({ path: `${SHOTS_DIR}/w3-minor-${shot}-${viewport.width}.png`, fullPage: true });
  }
}

/** An API context signed in as the demo admin. */
async function adminApi(playwright: { request: APIRequest }, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const res = await api.post('/api/auth/sign-in', { data: DEMO.admin });
  expect(res.ok()).toBe(true);
  return api;
}

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = waitForAppOnNavigation(await context.newPage());
  await signIn(page, DEMO.admin);
  return page;
}

/** The label's background: the same family on every page, a different one for every package. */
async function labelColour(badge: ReturnType<Page['locator']>) {
  return badge.evaluate((el) => getComputedStyle(el).backgroundColor);
}

test('the package label is in its package’s colour on the listing page and the provider profile', async ({
  page,
  request,
}) => {
  const items: { id: string; provider: { id: string; packageType: string } }[] = [];
  let cursor: string | null = null;
  do {
    const res: APIResponse = await request.get(
      `/api/listings?pageSize=48${cursor ? `&cursor=${cursor}` : ''}`,
    );
    const body = (await res.json()) as { items: typeof items; nextCursor: string | null };
    items.push(...body.items);
    cursor = body.nextCursor;
  } while (cursor);
  const seen = new Map<string, string>();
  for (const type of Object.keys(COLOURS)) {
    const listing = items.find((l) => l.provider.packageType === type);
    expect(listing, `a seeded ${type} listing`).toBeTruthy();

    await page.goto(`/listing/${listing!.id}`);
    const onListing = page.locator('a[href^="/provider/"] [data-package]').first();
    await expect(onListing).toHaveAttribute('data-package', type);
    await expect(onListing).toHaveClass(new RegExp(`bg-${COLOURS[type]}-100`));
    const colour = await labelColour(onListing);
    if (type === 'premium') await page.screenshot({ path: `${SHOTS_DIR}/w3-minor-listing-premium.png` });

    await page.goto(`/provider/${listing!.provider.id}`);
    const onProfile = page.locator('section [data-package]').first();
    await expect(onProfile).toHaveAttribute('data-package', type);
    expect(await labelColour(onProfile)).toBe(colour);
    seen.set(type, colour);
  }
  // Three packages, three colours.
  expect(new Set(seen.values()).size).toBe(3);
});

test('a pending payment is amber, not red, on the admin’s user card, which says what its count counts', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('pending-pay');
  const res = await request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Pending Payer',
      email,
      password: 'secret123',
      packageType: 'premium',
    },
  });
  expect(res.status()).toBe(201);
  expect((await res.json()).packageStatus).toBe('pending');

  await signIn(page, DEMO.admin);
  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: email }) });
  const payment = card.getByText('Pending', { exact: true });
  await expect(payment).toBeVisible();
  await expect(payment).toHaveClass(/bg-warning/);
  await expect(payment).not.toHaveClass(/bg-destructive/);
  await expect(card.locator('[data-package="premium"]')).toHaveText('Premium');
  await expect(card.getByText('Listings (pending and approved)')).toBeVisible();
  await noSeriousViolations(page, 'the admin’s user card', 'admin-user-card');
});

test('admin pages do not ask for a provider package, and the Business tab leads an admin to a business profile', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A new account made admin: no provider record.
  const email = uniqueEmail('admin-no-business');
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { ...formGuardFields(), ...SIGN_UP_CONSENT, fullName: 'Newly Admin', email, password: 'secret123' },
  });
  expect(signUp.status()).toBe(201);
  const userId = (await signUp.json()).me.user.id as string;
  const api = await adminApi(playwright, baseURL!);
  expect((await api.put(`/api/admin/users/${userId}/role`, { data: { role: 'admin' } })).ok()).toBe(true);
  await api.dispose();

  const providerCalls: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/provider/')) providerCalls.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  for (const path of [
    '/dashboard',
    '/admin/users',
    '/admin/listings',
    '/admin/package-settings',
    '/dashboard/settings',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.getByRole('tab', { name: 'Business' }).click();
  await expect(
    page.getByRole('heading', { name: 'Your admin account has no business profile' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(providerCalls).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await noSeriousViolations(page, 'the Business tab without a business profile', 'business-tab-admin');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Create a business profile' }).click();
  await expect(page).toHaveURL(/\/dashboard\/become-provider$/);
  await page.getByLabel('Business Name').fill('Admin’s Own Decor');
  await page.getByLabel('Description').fill('Decor for farewells, run by one of the site’s admins.');
  await page.getByRole('button', { name: 'Create Provider Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/listings\/new$/);

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  await expect(page.getByLabel('Business Name')).toHaveValue('Admin’s Own Decor');
  expect(consoleErrors).toEqual([]);
});

test('the dashboard, My Listings and the admin’s user card count the same listings, and say which', async ({
  page,
  browser,
  baseURL,
}) => {
  // The issue's case: a Basic provider (one listing) with a rejected listing and a pending one.
  const email = uniqueEmail('counted');
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Counted Co',
      email,
      password: 'secret123',
      packageType: 'basic',
    },
  });
  expect(res.status()).toBe(201);
  const first = await createListingViaApi(page, 'Fairy Light Tunnel');
  const admin = await adminPage(browser, baseURL!);
  const rejected = await admin.request.post('/api/admin/listings/moderation', {
    data: { ids: [first], status: 'rejected', reason: 'Please add what the offer includes.' },
  });
  expect(rejected.status(), await rejected.text()).toBe(200);
  // The rejected listing does not count, so the one free slot takes a second listing.
  await createListingViaApi(page, 'Balloon Arch Deluxe');

  await page.goto('/dashboard/listings');
  const cards = page.getByRole('list', { name: 'Your listings' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('1 of 1 listing', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Pending and approved listings count towards your limit; rejected ones do not.'),
  ).toBeVisible();
  await expect(page.locator('[data-package="basic"]').first()).toHaveText('Basic package');
  // The prices of one's own listings follow the site's one rule (cents on both ends).
  await expect(cards.first().getByText('R1\u00a0250.50 - R2\u00a0500.00')).toBeVisible();
  await noSeriousViolations(page, 'My Listings’ limit card', 'my-listings');

  await page.goto('/dashboard');
  const stat = page
    .getByRole('heading', { level: 2, name: 'My Listings' })
    .locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(stat.getByText('1', { exact: true })).toBeVisible();
  await expect(stat.getByText('Pending and approved; rejected ones do not count')).toBeVisible();
  await noSeriousViolations(page, 'the provider’s dashboard', 'provider-dashboard');

  await admin.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: email }) });
  const entry = card.getByText('Listings (pending and approved)').locator('xpath=..');
  await expect(entry.locator('dd')).toHaveText('1');
  await admin.context().close();
});

test('the admin’s package cards say their allowances in words, without “(s)”', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/package-settings');
  const list = page.getByRole('list', { name: 'Packages' });
  const basic = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Basic' }) });
  await expect(basic.getByText('1 listing · 3 images per listing', { exact: true })).toBeVisible();
  const premium = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Premium' }) });
  await expect(premium.getByText('5 listings · 10 images per listing', { exact: true })).toBeVisible();
  await expect(premium.locator('[data-package="premium"]')).toBeVisible();
  await expect(list).not.toContainText('(s)');
  await noSeriousViolations(page, 'the package cards', 'package-settings');
});
