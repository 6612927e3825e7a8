/**
 * Issue 23, Accounts: a lost password recovered without an admin (forgot password, the email's link, a new
 * password that signs in while the old one no longer does, the link refused a second time), the address
 * verified through its link, and the Settings › Account tab. The e2e server writes its emails as .eml
 * files (no SMTP), which linkFromMail reads.
 */
import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  linkFromMail,
  SHOTS_DIR,
  signIn,
  test,
  uniqueEmail,
  formGuardFields,
  SIGN_UP_CONSENT,
} from './support.ts';

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

async function signUpByApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/sign-up', {
    data: { ...formGuardFields(), ...SIGN_UP_CONSENT, fullName: 'Reset Tester', email, password },
  });
  expect(res.status()).toBe(201);
}

test('forgot password: the emailed link sets a new password once', async ({ page, context }) => {
  const email = uniqueEmail('reset');
  await signUpByApi(page, email, 'old-secret-1');
  await context.clearCookies();

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    "If an account exists for that email, we've sent a link to reset your password.",
  );

  const link = await linkFromMail(email, 'Reset your password', '/auth/reset-password');
  const resetPath = new URL(link).pathname + new URL(link).search;
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('new-secret-2');
  await page.getByLabel('Confirm new password').fill('other-one');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('new-secret-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toHaveText('Password updated. Please sign in.');

  // The old password is refused, the new one signs in.
  await page.getByRole('link', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('old-secret-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await signIn(page, { email, password: 'new-secret-2' });

  // The link has been used.
  await context.clearCookies();
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('new-secret-3');
  await page.getByLabel('Confirm new password').fill('new-secret-3');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' }),
  ).toBeVisible();
});

test('the dashboard asks to verify the address until its link is opened', async ({ page }) => {
  const email = uniqueEmail('verify');
  await signUpByApi(page, email, 'secret123');
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner.getByText('Please verify your email address')).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Resend email' })).toBeVisible();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS_DIR}/w3-accounts-dashboard-${size.width}.png` });
  }

  const link = await linkFromMail(email, 'Verify your email address', '/auth/verify-email');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('status')).toHaveText('Your email address is verified.');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);
  // And for good: the server's session says so too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Email verification' })).toHaveCount(0);
});

test('Settings › Account: change password and the notification switches of the role', async ({ page }) => {
  const email = uniqueEmail('account');
  await signUpByApi(page, email, 'old-secret-1');
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Account' }).click();
  await expect(page).toHaveURL(/tab=account/);

  // A plain user sees the categories that concern users only.
  await expect(page.getByRole('switch', { name: 'Replies to enquiries' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'New enquiries' })).toHaveCount(0);
  await page.getByRole('switch', { name: 'Replies to enquiries' }).click();
  await expect(page.getByRole('switch', { name: 'Replies to enquiries' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Replies to enquiries' })).not.toBeChecked();

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS_DIR}/w3-accounts-settings-${size.width}.png`, fullPage: true });
  }

  await page.getByLabel('Current password').fill('wrong-one-1');
  await page.getByLabel('New password', { exact: true }).fill('new-secret-2');
  await page.getByLabel('Confirm new password').fill('new-secret-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await page.getByLabel('Current password').fill('old-secret-1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Your other sessions have been signed out.')).toBeVisible();
  // This session goes on.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
});

test('admins reach the Failed Emails screen from the admin area', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole('link', { name: 'Failed Emails' }).first().click();
  await expect(page).toHaveURL(/\/admin\/failed-mail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Failed Emails' })).toBeVisible();
  await expect(page.getByText('No failed emails. Every message was sent.').first()).toBeVisible();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS_DIR}/w3-accounts-failed-mail-${size.width}.png` });
  }
});
