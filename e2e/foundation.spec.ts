import { DEMO, expect, signIn, test, uniqueEmail, tickSignUpConsent } from './support.ts';

test('home loads with the header', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Browse' }).first()).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(page.locator('#categories')).toBeAttached();
});

test('an unknown path shows the not-found page with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(/\/$/);
});

test('sign up, see Dashboard in the header, sign out', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Palesa Mokoena');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password').fill('secret123');
  await tickSignUpConsent(page);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});

test('sign-up validates the passwords with the spec messages', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Palesa');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm Password').fill('54321');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('123456');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('a failed sign-in shows the server message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(DEMO.user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('dashboard and admin routes send signed-out visitors to /auth', async ({ page }) => {
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/auth/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/auth/);
});

const SIDEBAR = {
  user: ['Dashboard', 'Settings', 'Favorites', 'Enquiries'],
  // The premium demo provider's package includes analytics (issue 10).
  provider: ['Dashboard', 'Settings', 'Enquiries', 'My Listings', 'Add Listing', 'Analytics'],
  admin: [
    'Dashboard',
    'Settings',
    'Manage Users',
    'Manage Listings',
    'Manage Packages',
    'Content Editor',
    'Matric Users',
    'Premium Access',
    'Social Links',
    'Content Management',
    // Beyond the spec's list: reported listings and reviews, with the open count when there are some (issue 24).
    /^Reports(\s*\d+ open)?$/,
    'Audit Log',
    // Beyond the spec's list: mail the outbox gave up on, with Retry (issue 23, decision 0043).
    'Failed Emails',
  ],
};

for (const [role, account, items] of [
  ['user', DEMO.user, SIDEBAR.user],
  ['provider', DEMO.premiumProvider, SIDEBAR.provider],
  ['admin', DEMO.admin, SIDEBAR.admin],
] as const) {
  test(`the ${role} sees exactly the sidebar items of the role`, async ({ page }) => {
    await signIn(page, account);
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link')).toHaveText([...items]);
    await expect(page.getByText(account.email).first()).toBeVisible();
  });
}

test('a user on an admin route is sent to /dashboard', async ({ page }) => {
  await signIn(page, DEMO.user);
  await page.goto('/admin/listings');
  await expect(page).toHaveURL(/\/dashboard$/);
});
