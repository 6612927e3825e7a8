/**
 * Upgrades and renewals (issue 28 item 2, decision 0039): a provider at its limit, a paid sign-up whose
 * payment is pending and a provider whose package expired each reach /checkout with the chosen package,
 * where the request is recorded and shown to them; an admin finds it under 'Pending payments' on Manage
 * Users and activates it, which applies at once; a provider may withdraw a request. Global: the seeded
 * providers' packages change (Coastal Venues becomes premium, Snap Happy Booths is renewed).
 */
import type { Browser, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  SHOTS_DIR,
  signIn,
  test,
  uniqueEmail,
  waitForAppOnNavigation,
  tickSignUpConsent,
} from './support.ts';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Provider123!';
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const AT_LIMIT = 'provider15@matricmoments.test'; // Coastal Venues, basic, one listing
const EXPIRED = 'provider11@matricmoments.test'; // Snap Happy Booths, standard, expired three days ago

async function adminActivates(browser: Browser, email: string, packageName: string) {
  const context = await browser.newContext();
  const page = waitForAppOnNavigation(await context.newPage());
  try {
    await signIn(page, DEMO.admin);
    await page.goto(`/admin/users?filter=pending&search=${encodeURIComponent(email)}`);
    await expect(page.getByLabel('Show')).toHaveText(/Pending payments/);
    const card = page.getByRole('listitem').filter({ hasText: email });
    await expect(card).toHaveCount(1);
    const pending = card.getByRole('group', { name: 'Pending payment' });
    await expect(pending).toContainText(packageName);
    await pending.getByRole('button', { name: `Activate ${packageName}` }).click();
    await expect(card.getByRole('group', { name: 'Pending payment' })).toHaveCount(0);
    // Activated: no longer a pending payment.
    await page.goto(`/admin/users?filter=pending&search=${encodeURIComponent(email)}`);
    await expect(page.getByText('No users found.')).toBeVisible();
  } finally {
    await context.close();
  }
}

async function continueToCheckout(page: Page, packageType: string) {
  await expect(page).toHaveURL(/\/packages/);
  await page.locator(`label[for="package-${packageType}"]`).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?package=${packageType}$`));
  await expect(page.getByRole('status', { name: 'Package request' })).toContainText('Request recorded');
}

test('a provider at its limit upgrades from My Listings; the admin’s activation applies at once', async ({
  page,
  browser,
}) => {
  await signIn(page, { email: AT_LIMIT, password: PASSWORD });
  await page.goto('/dashboard/listings');
  const banner = page.getByRole('status', { name: 'Package status' });
  await expect(banner).toContainText("You've reached your listing limit.");
  await page.getByRole('link', { name: 'Upgrade Now' }).click();
  await continueToCheckout(page, 'premium');
  await expect(
    page.getByText('Your upgrade to the Premium package is awaiting payment confirmation.'),
  ).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS_DIR}/w3-packages-checkout-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: `${SHOTS_DIR}/w3-packages-checkout-360.png`, fullPage: true });

  // The provider keeps the basic package meanwhile, and sees what is pending.
  await page.goto('/dashboard/listings');
  await expect(banner).toContainText('Your upgrade to the Premium package is awaiting payment confirmation.');
  await expect(banner).toContainText("You've reached your listing limit.");
  await page.screenshot({ path: `${SHOTS_DIR}/w3-packages-banner-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await adminActivates(browser, AT_LIMIT, 'Premium');
  await page.reload();
  await expect(page.getByText('awaiting payment confirmation')).toHaveCount(0);
  await expect(page.getByText("You've reached your listing limit.")).toHaveCount(0);
});

test('a paid sign-up with its payment pending records the request at checkout', async ({ page, browser }) => {
  const email = uniqueEmail('pending');
  await page.goto('/packages');
  await page.locator('label[for="package-premium"]').click();
  await page.getByRole('button', { name: 'Continue to Sign Up' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Pending Payer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password').fill('secret123');
  await tickSignUpConsent(page);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\?package=premium/);
  await expect(page.getByRole('status', { name: 'Package request' })).toContainText(
    'Your Premium package is awaiting payment confirmation.',
  );

  await page.goto('/dashboard/listings');
  const banner = page.getByRole('status', { name: 'Package status' });
  await expect(banner).toContainText('Your package payment is pending.');
  // The banner's way on goes through /packages to /checkout again: the same request, not a second one.
  await banner.getByRole('link', { name: 'Upgrade Package' }).click();
  await continueToCheckout(page, 'premium');

  await adminActivates(browser, email, 'Premium');
  await page.goto('/dashboard/listings');
  await expect(page.getByText('Your package payment is pending.')).toHaveCount(0);
});

test('a provider whose package expired renews from the banner', async ({ page, browser }) => {
  await signIn(page, { email: EXPIRED, password: PASSWORD });
  await page.goto('/dashboard/listings');
  const banner = page.getByRole('status', { name: 'Package status' });
  await expect(banner).toContainText('Your package has expired. Please renew to create listings.');
  await banner.getByRole('link', { name: 'Renew Package' }).click();
  // Their own package is preselected.
  await expect(page).toHaveURL(/\/packages\?package=standard/);
  await expect(page.getByText('Selected: Standard')).toBeVisible();
  await continueToCheckout(page, 'standard');
  await expect(page.getByText('Your Standard package is awaiting payment confirmation.')).toBeVisible();

  await adminActivates(browser, EXPIRED, 'Standard');
  await page.goto('/dashboard/listings');
  await expect(page.getByText('Your package has expired.')).toHaveCount(0);
  await expect(page.getByText('awaiting payment confirmation')).toHaveCount(0);
});

test('a provider who changed their mind withdraws the request from the banner', async ({ page }) => {
  const email = uniqueEmail('withdraw');
  await page.goto('/packages');
  await page.locator('label[for="package-standard"]').click();
  await page.getByRole('button', { name: 'Continue to Sign Up' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Second Thoughts');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password').fill('secret123');
  await tickSignUpConsent(page);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\?package=standard/);
  await expect(page.getByRole('status', { name: 'Package request' })).toContainText('Request recorded');

  await page.goto('/dashboard/listings');
  const banner = page.getByRole('status', { name: 'Package status' });
  await expect(banner).toContainText('Your Standard package is awaiting payment confirmation.');
  await page.setViewportSize({ width: 360, height: 780 });
  await banner.screenshot({ path: `${SHOTS_DIR}/w5-packages-cancel-360.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await banner.screenshot({ path: `${SHOTS_DIR}/w5-packages-cancel-1280.png` });

  // Keep it first: nothing changes.
  await banner.getByRole('button', { name: 'Cancel request' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel your package request?' });
  await expect(dialog).toContainText('Your current package stays as it is.');
  await dialog.getByRole('button', { name: 'Keep request' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(banner).toContainText('awaiting payment confirmation');

  await banner.getByRole('button', { name: 'Cancel request' }).click();
  await dialog.getByRole('button', { name: 'Cancel request' }).click();
  await expect(toast(page, 'Package request cancelled')).toBeVisible();
  await expect(page.getByText('awaiting payment confirmation')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('awaiting payment confirmation')).toHaveCount(0);
});
