/**
 * Issue 8, item 10: signing in returns the visitor to where they were (same-site paths only), and the
 * heart, review or contact they wanted is focused there, one tap away.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { BrowseResult } from '../src/domain/listings.ts';
import { DEMO, expect, test, uniqueEmail, formGuardFields, SIGN_UP_CONSENT } from './support.ts';

const PASSWORD = 'Visitor1234!';

/** A fresh account (so favourites and reviews start empty), created through the API. */
async function newAccount(request: APIRequestContext, baseURL: string) {
  const email = uniqueEmail('redirect');
  const res = await request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Redirect Visitor',
      email,
      password: PASSWORD,
    },
    headers: { origin: baseURL },
  });
  expect(res.ok()).toBe(true);
  // Sign-up signs the API context in; the browser page has its own cookies and stays signed out.
  return { email, password: PASSWORD };
}

async function fillSignIn(page: Page, account: { email: string; password: string }) {
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** An approved listing whose provider's package receives reviews (Elite Arrivals, premium). */
async function reviewableListing(request: APIRequestContext) {
  const res = await request.get('/api/listings?category=car-rentals&pageSize=48');
  const { items } = (await res.json()) as BrowseResult;
  const listing = items.find((l) => l.provider.businessName === 'Elite Arrivals');
  expect(listing).toBeDefined();
  return listing!;
}

test('the heart on a browse card signs in and comes back with that heart focused', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request, baseURL!);
  await page.goto('/browse?category=photography');
  const card = page.getByRole('region', { name: 'Results' }).locator('article').nth(1);
  const heart = card.getByRole('button', { name: 'Add to favorites' });
  const heartId = await heart.getAttribute('id');
  await heart.click();
  await expect(page).toHaveURL(
    `/auth?redirect=${encodeURIComponent(`/browse?category=photography#${heartId}`)}`,
  );
  await fillSignIn(page, account);
  await expect(page).toHaveURL(`/browse?category=photography#${heartId}`);
  const back = page.locator(`#${heartId}`);
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(back).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Added to favorites')).toBeVisible();
});

test('Sign in to Review comes back to the listing with Write a Review focused', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request, baseURL!);
  const listing = await reviewableListing(request);
  await page.goto(`/listing/${listing.id}`);
  await page.getByRole('link', { name: 'Sign in to Review' }).click();
  await fillSignIn(page, account);
  await expect(page).toHaveURL(`/listing/${listing.id}#write-review`);
  const write = page.getByRole('button', { name: 'Write a Review' });
  await expect(write).toBeFocused();
  await expect(write).toBeInViewport();
});

test('the contact dialog offers sign-in and comes back to Contact Provider with the details filled', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await newAccount(request, baseURL!);
  const listing = await reviewableListing(request);
  await page.goto(`/listing/${listing.id}`);
  await page.getByRole('button', { name: 'Contact Provider' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Contact Provider' });
  await dialog.getByRole('link', { name: 'Sign in' }).click();
  await fillSignIn(page, account);
  await expect(page).toHaveURL(`/listing/${listing.id}#contact-provider`);
  const contact = page.locator('#contact-provider');
  await expect(contact).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Contact Provider' }).getByLabel('Email')).toHaveValue(
    account.email,
  );
});

test('a guarded dashboard page signs in and lands back on itself', async ({ page }) => {
  await page.goto('/dashboard/favorites');
  await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent('/dashboard/favorites')}`);
  await fillSignIn(page, DEMO.user);
  await expect(page).toHaveURL('/dashboard/favorites');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("the header's Sign In comes back to the page it was pressed on", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/about?from=header');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).click();
  await fillSignIn(page, DEMO.user);
  await expect(page).toHaveURL('/about?from=header');
});

test('only same-site paths are followed after sign-in', async ({ page }) => {
  for (const target of [
    '//evil.example/x',
    'https://evil.example/',
    '/\\evil.example',
    '/%2F%2Fevil.example',
  ]) {
    await page.context().clearCookies();
    await page.goto(`/auth?redirect=${encodeURIComponent(target)}`);
    await fillSignIn(page, DEMO.user);
    await expect(page).toHaveURL('/dashboard');
  }
});
