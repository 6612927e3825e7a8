/** Client engagement end to end: enquiries (visitor → provider), favourites and reviews. */
import { signInPath } from '../src/domain/redirect.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  signIn,
  test,
  uniqueEmail,
  waitForAppOnNavigation,
  formGuardFields,
  SIGN_UP_CONSENT,
} from './support.ts';

interface Card {
  id: string;
  title: string;
  provider: { businessName: string };
}

/** Approved car-rental listings of the premium demo provider 'Elite Arrivals' (they receive enquiries and reviews). */
async function eliteListings(request: APIRequestContext): Promise<Card[]> {
  const res = await request.get('/api/listings?category=car-rentals&pageSize=60');
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: Card[] };
  const elite = items.filter((c) => c.provider.businessName === 'Elite Arrivals');
  expect(elite.length).toBeGreaterThan(0);
  return elite;
}

/** Signs up a fresh account through the API; the page's browser context shares the session cookie. */
async function signUpFresh(page: Page, fullName: string) {
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName,
      email: uniqueEmail('engage'),
      password: 'secret123',
    },
  });
  expect(res.status()).toBe(201);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('a visitor sends an enquiry; the provider sees it, opens it and marks it replied', async ({
  page,
  browser,
}) => {
  const [listing] = await eliteListings(page.request);
  const message = `Is the car free on 28 November? Ref ${Date.now()}`;

  await page.goto(`/listing/${listing!.id}`);
  await page.getByRole('button', { name: 'Contact Provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Provider' });
  await expect(dialog).toBeVisible();

  // validation: the first schema message of each field
  await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await expect(dialog.getByText('Message must be at least 10 characters')).toBeVisible();

  await dialog.getByLabel('Name').fill('Lerato Visitor');
  await dialog.getByLabel('Email').fill('lerato.visitor@example.com');
  await dialog.getByLabel('Phone (optional)').fill('082 555 0199');
  await dialog.getByLabel('Message').fill(message);
  await dialog.getByRole('button', { name: 'Send Enquiry' }).click();

  await expect(toast(page, 'Your enquiry has been sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  // after two seconds, the follow-up for signed-out senders
  await expect(toast(page, 'Sign up to track your enquiries and get faster responses!')).toBeVisible({
    timeout: 8_000,
  });

  // the provider sees it on /dashboard/enquiries
  const providerContext = await browser.newContext();
  const provider = waitForAppOnNavigation(await providerContext.newPage());
  await signIn(provider, DEMO.premiumProvider);
  await provider.goto('/dashboard/enquiries');
  await expect(provider.getByRole('heading', { name: 'Client Enquiries' })).toBeVisible();
  const card = provider.getByTestId('enquiry-card').filter({ hasText: message });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'new');
  await expect(card.getByRole('link', { name: listing!.title })).toBeVisible();
  await expect(card.getByText('Lerato Visitor')).toBeVisible();

  // opening a new enquiry marks it read
  await card.getByRole('button', { name: /View details/ }).click();
  await expect(card).toHaveAttribute('data-status', 'read');
  await expect(card.getByRole('link', { name: 'lerato.visitor@example.com' })).toBeVisible();

  await card.getByRole('combobox', { name: 'Status' }).click();
  await provider.getByRole('option', { name: 'Replied' }).click();
  await expect(toast(provider, 'Enquiry marked as replied')).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'replied');

  // and the filter finds it under Replied
  await provider.getByRole('combobox', { name: 'Filter by status' }).click();
  await provider.getByRole('option', { name: 'Replied' }).click();
  await expect(provider.getByTestId('enquiry-card').filter({ hasText: message })).toBeVisible();
  await providerContext.close();
});

test('a signed-out visitor who clicks a heart is sent to sign in', async ({ page }) => {
  await page.goto('/browse');
  const card = page.getByTestId('listing-card').first();
  await card.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(toast(page, 'Please sign in to save favorites')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('a user favourites from browse, finds it on /dashboard/favorites, then removes it', async ({ page }) => {
  await signUpFresh(page, 'Ayanda Favourites');
  await page.goto('/dashboard/favorites');
  await expect(page.getByText("You haven't saved any favorites yet.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Listings' })).toHaveAttribute('href', '/');

  await page.goto('/browse');
  const card = page.getByTestId('listing-card').first();
  const title = (await card.getByRole('heading').first().innerText()).trim();
  const heart = card.getByRole('button', { name: 'Add to favorites' });
  await heart.click();
  await expect(toast(page, 'Added to favorites')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remove from favorites' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // the click on the heart did not open the listing
  await expect(page).toHaveURL(/\/browse/);

  await page.goto('/dashboard/favorites');
  const favourite = page.getByTestId('favorite-card').filter({ hasText: title });
  await expect(favourite).toBeVisible();
  await favourite.getByRole('button', { name: `Remove ${title} from favorites` }).click();
  await expect(toast(page, 'Removed from favorites')).toBeVisible();
  await expect(favourite).toBeHidden();
  await expect(page.getByText("You haven't saved any favorites yet.")).toBeVisible();
});

test('a user writes, edits and deletes a review and the average follows', async ({ page }) => {
  const listings = await eliteListings(page.request);
  const listing = listings[listings.length - 1]!;
  const before = (await (await page.request.get(`/api/listings/${listing.id}/reviews`)).json()) as {
    items: { rating: number }[];
  };
  const sum = before.items.reduce((s, r) => s + r.rating, 0);
  const n = before.items.length;
  const average = (total: number, count: number) =>
    count === 0 ? null : (Math.round((total / count) * 100) / 100).toFixed(1);
  const countLabel = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

  // signed out: Sign in to Review
  await page.goto(`/listing/${listing.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  // …which comes back to this listing's review button after signing in (decision 0009)
  await expect(reviews.getByRole('link', { name: 'Sign in to Review' })).toHaveAttribute(
    'href',
    signInPath(`/listing/${listing.id}#write-review`),
  );

  await signUpFresh(page, 'Kagiso Reviewer');
  await page.reload();
  await reviews.getByRole('button', { name: 'Write a Review' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write a Review' });

  // a rating is required
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Rating required')).toContainText('Please select a star rating');

  // keyboard: focus the stars, move with the arrows
  await dialog.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: '3 stars' })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByRole('radio', { name: '1 star' }).click();
  await expect(dialog.getByRole('radio', { name: '1 star' })).toHaveAttribute('aria-checked', 'true');
  await dialog.getByLabel('Comment (optional)').fill('Arrived late.');
  await expect(dialog.getByText('13/500 characters')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, 'Review submitted')).toBeVisible();
  await expect(reviews.getByText(average(sum + 1, n + 1)!, { exact: true })).toBeVisible();
  await expect(reviews.getByText(countLabel(n + 1), { exact: true })).toBeVisible();
  await expect(reviews.getByText('Kagiso Reviewer')).toBeVisible();
  await expect(reviews.getByText('Arrived late.')).toBeVisible();

  // edit
  await reviews.getByRole('button', { name: 'Edit Review' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Your Review' });
  await expect(editDialog.getByRole('radio', { name: '1 star' })).toHaveAttribute('aria-checked', 'true');
  await editDialog.getByRole('radio', { name: '5 stars' }).click();
  await editDialog.getByLabel('Comment (optional)').fill('On time after all. Superb!');
  await editDialog.getByRole('button', { name: 'Update Review' }).click();
  await expect(toast(page, 'Review updated')).toBeVisible();
  await expect(reviews.getByText(average(sum + 5, n + 1)!, { exact: true })).toBeVisible();
  await expect(reviews.getByText('On time after all. Superb!')).toBeVisible();

  // delete (with confirmation)
  await reviews.getByRole('button', { name: 'Delete your review' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete your review? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Review deleted')).toBeVisible();
  await expect(reviews.getByText('On time after all. Superb!')).toBeHidden();
  if (n === 0) {
    await expect(reviews.getByText('No reviews yet. Be the first to review!')).toBeVisible();
  } else {
    await expect(reviews.getByText(average(sum, n)!, { exact: true })).toBeVisible();
    await expect(reviews.getByText(countLabel(n), { exact: true })).toBeVisible();
  }
  await expect(reviews.getByRole('button', { name: 'Write a Review' })).toBeVisible();
});
