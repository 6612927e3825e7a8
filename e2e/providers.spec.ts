/**
 * Providers end to end: sign-up through /packages (basic → dashboard, premium → checkout), becoming a
 * provider, a listing with three uploaded images (reordered, second made primary) through create, edit and
 * delete, the basic limit and its banner, and the settings with a logo. Uploads are small generated PNGs.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, uniqueEmail, formGuardFields, SIGN_UP_CONSENT, tickSignUpConsent } from './support.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function png(color: string, name: string) {
  const buffer = await sharp({ create: { width: 96, height: 72, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function signUpThroughPackages(page: Page, packageType: string, fullName: string) {
  await page.goto('/packages');
  await page.locator(`label[for="package-${packageType}"]`).click();
  await page.getByRole('button', { name: 'Continue to Sign Up' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(uniqueEmail(`prov-${packageType}`));
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password').fill('secret123');
  await tickSignUpConsent(page);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

test('sign up with the basic package lands on the dashboard with the package active', async ({ page }) => {
  await signUpThroughPackages(page, 'basic', 'Basic Starter');
  await expect(toast(page, 'Account created successfully! Your FREE Basic package is active.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'My Listings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Recent Listings' })).toBeVisible();
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  await expect(page.getByText('Basic', { exact: true })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
});

test('sign up with the premium package lands on checkout with the package', async ({ page }) => {
  await signUpThroughPackages(page, 'premium', 'Premium Hopeful');
  await expect(toast(page, 'Account created! Complete your payment to activate your package.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?package=premium/);
  await expect(page.getByRole('heading', { name: 'Payment Gateway' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Premium/ })).toBeVisible();
  await expect(page.getByText('Payment coming soon')).toBeVisible();
  await page.goto('/checkout?package=gold');
  await expect(page.getByText('Package not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Packages' })).toHaveAttribute('href', '/packages');
});

test('a plain account becomes a provider, lists with three images, edits, hits the limit and deletes', async ({
  page,
}) => {
  // Sign-up, three uploads, an edit, the limit and a deletion: a long walk on a busy machine.
  test.setTimeout(90_000);
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Plain Person',
      email: uniqueEmail('plain'),
      password: 'secret123',
    },
  });
  expect(res.status()).toBe(201);

  // A plain user may not create listings.
  await page.goto('/dashboard/listings/new');
  await expect(toast(page, 'You must be a service provider to create listings')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/dashboard/become-provider');
  await page.getByRole('button', { name: 'Create Provider Account' }).click();
  await expect(page.getByText('Business name is required')).toBeVisible();
  await expect(page.getByText('Description is required')).toBeVisible();
  await page.getByLabel('Business Name').fill('Sparkle Decor');
  await page.getByLabel('Description').fill('Venue decor for matric farewells.');
  await page.getByRole('button', { name: 'Create Provider Account' }).click();
  await expect(toast(page, 'Welcome! Your service provider account has been created.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/listings\/new$/);

  // The form's messages.
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Please add at least one image to your listing')).toBeVisible();

  await page.getByLabel('Title').fill('Golden Farewell Decor');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Décor' }).click();
  await page.getByLabel('Description').fill('Balloon arches, table settings and lighting.');
  await page.getByRole('combobox', { name: 'Province' }).click();
  await page.getByRole('option', { name: 'Gauteng' }).click();
  await page.getByLabel('City').fill('Pretoria');
  await page.getByLabel('Price From (R)').fill('3000');
  await page.getByLabel('Price To (R)').fill('2000');

  await page
    .locator('input[type="file"]')
    .setInputFiles([
      await png('#cc3333', 'red.png'),
      await png('#33cc33', 'green.png'),
      await png('#3333cc', 'blue.png'),
    ]);
  await expect(toast(page, '3 image(s) uploaded successfully')).toBeVisible();
  const tiles = page.getByRole('list', { name: 'Listing images, in display order' }).getByRole('listitem');
  await expect(tiles).toHaveCount(3);
  const urls = await tiles.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));

  // Reorder (third to second place) and make the second image primary.
  await page.getByRole('button', { name: 'Move image 3 earlier' }).click();
  await page.getByRole('button', { name: 'Set image 2 as primary' }).click();
  await expect(tiles.nth(1).getByText('Primary')).toBeVisible();

  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(page.getByText('Price to must be at least price from')).toBeVisible();
  await page.getByLabel('Price To (R)').fill('4500');
  await page.getByRole('button', { name: 'Create Listing' }).click();
  await expect(toast(page, 'Listing created successfully! Awaiting admin approval.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/listings$/);

  const card = page.getByRole('list', { name: 'Your listings' }).getByRole('listitem').first();
  await expect(card.getByRole('heading', { name: 'Golden Farewell Decor' })).toBeVisible();
  await expect(card.getByText('Pending')).toBeVisible();
  await expect(card.getByText('R3 000 - R4 500')).toBeVisible();
  // Basic allows one listing: the banner and the limit card say so.
  const banner = page.getByRole('status', { name: 'Package status' });
  await expect(
    banner.getByText("You've reached your listing limit. Upgrade your package to create more."),
  ).toBeVisible();
  await expect(page.getByText('1 of 1 listing', { exact: true })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Upgrade Package' })).toHaveAttribute('href', '/packages');

  // The saved order and primary.
  await card.getByRole('link', { name: 'Edit Golden Farewell Decor' }).click();
  await expect(page).toHaveURL(/\/dashboard\/listings\/[0-9a-f-]+\/edit$/);
  const id = page.url().split('/').at(-2)!;
  const saved = await (await page.request.get(`/api/provider/listings/${id}`)).json();
  const path = (u: string) => new URL(u, 'http://x').pathname.replace(/-400\.webp$/, '');
  expect(saved.images.map((i: { url: string }) => path(i.url).replace(/-800\.webp$/, ''))).toEqual(
    [urls[0]!, urls[2]!, urls[1]!].map(path),
  );
  expect(saved.images.map((i: { isPrimary: boolean }) => i.isPrimary)).toEqual([false, true, false]);

  // Edit keeps the status.
  await expect(page.getByLabel('Title')).toHaveValue('Golden Farewell Decor');
  await page.getByLabel('Title').fill('Golden Farewell Decor Deluxe');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Your listing has been updated')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/listings$/);
  await expect(page.getByRole('heading', { name: 'Golden Farewell Decor Deluxe' })).toBeVisible();

  // At the limit, Create Listing goes to /packages with the message.
  await page.goto('/dashboard/listings/new');
  await expect(
    toast(page, "You've reached your listing limit. Upgrade your package to create more."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/packages$/);

  // Delete, after the confirmation.
  await page.goto('/dashboard/listings');
  await page.getByRole('button', { name: 'Delete Golden Farewell Decor Deluxe' }).click();
  await expect(page.getByText('Are you sure you want to delete this listing?')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Listing deleted successfully')).toBeVisible();
  await expect(page.getByText("You haven't created any listings yet.")).toBeVisible();
  expect((await page.request.get(`/api/provider/listings/${id}`)).status()).toBe(404);
});

test('settings: profile and business with a logo', async ({ page }) => {
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Logo Owner',
      email: uniqueEmail('logo'),
      password: 'secret123',
      packageType: 'basic',
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await page.getByLabel('Full Name').fill('Logo Owner Updated');
  await page.getByLabel('Phone').fill('0821234567');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'Profile updated successfully')).toBeVisible();

  await page.getByRole('tab', { name: 'Business' }).click();
  await page.getByLabel('Business Name').fill('Logo Owner Events');
  await page.locator('input[type="file"]').setInputFiles(await png('#aa8800', 'logo.png'));
  await expect(page.getByRole('img', { name: 'Business logo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save Business' }).click();
  await expect(toast(page, 'Business settings updated successfully')).toBeVisible();
  const business = await (await page.request.get('/api/provider/settings')).json();
  expect(business).toMatchObject({ businessName: 'Logo Owner Events', packageType: 'basic' });
  expect(business.logoUrl).toMatch(/^\/uploads\/logos\//);
});
