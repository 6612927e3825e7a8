/** Admin end to end (issue 11): moderation with the detail dialog and in bulk, role change and package extension. */
import { request as playwrightRequest, type Page } from '@playwright/test';
import { DEMO, expect, signIn, test, uniqueEmail, formGuardFields, SIGN_UP_CONSENT } from './support.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('an admin opens a pending listing in the detail dialog, approves it with the keyboard, and it is public', async ({
  page,
  baseURL,
}) => {
  const visitor = await playwrightRequest.newContext({ baseURL });
  await signIn(page, DEMO.admin);
  await page.goto('/admin/listings');
  await expect(page.getByRole('heading', { name: 'Manage Listings', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Listings' });
  const firstRow = table.getByRole('row').nth(1);
  const title = (await firstRow.getByRole('rowheader').innerText()).split('\n')[0]!.trim();
  const before = await page.request.get(
    `/api/admin/listings?search=${encodeURIComponent(title)}&status=pending`,
  );
  const listingId = ((await before.json()) as { items: { id: string }[] }).items[0]!.id;
  expect((await visitor.get(`/api/listings/${listingId}`)).status()).toBe(404);

  // The row's open button is named by its visible text: the title, then the category.
  await firstRow
    .getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(
    dialog.getByRole('img', {
      name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, image 1 of`),
    }),
  ).toBeVisible();
  await expect(dialog.getByText('A approve', { exact: false })).toBeVisible();
  await page.keyboard.press('a');
  await expect(toast(page, 'Listing approved!')).toBeVisible();
  await expect(toast(page, 'Changes are now live.')).toBeVisible();
  await page.keyboard.press('Escape');

  expect((await visitor.get(`/api/listings/${listingId}`)).status()).toBe(200);
  await visitor.dispose();
  await page.goto(`/listing/${listingId}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
});

test('an admin bulk-approves three listings with the floating bar; the selection clears', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/listings?status=rejected&search=old+offer');
  const table = page.getByRole('table', { name: 'Listings' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const titles: string[] = [];
  for (const row of await table.getByRole('row').all()) {
    const header = row.getByRole('rowheader');
    if ((await header.count()) === 0) continue;
    const title = (await header.innerText()).split('\n')[0]!.trim();
    titles.push(title);
    await row.getByRole('checkbox', { name: `Select ${title}` }).check();
  }
  expect(titles).toHaveLength(3);
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('3 selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, '3 listings approved!')).toBeVisible();
  await expect(toast(page, 'Bulk action completed successfully.')).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.getByText('No listings found')).toBeVisible();

  await page.getByRole('tab', { name: /Approved/ }).click();
  await expect(page).toHaveURL(/status=approved/);
  await expect(table.getByRole('rowheader', { name: /\(old offer\)/ })).toHaveCount(3);
});

test('an admin makes a user a provider and extends the package by a month', async ({ page, baseURL }) => {
  const email = uniqueEmail('role');
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/auth/sign-up', {
    data: { ...formGuardFields(), ...SIGN_UP_CONSENT, fullName: 'Nomsa Role', email, password: 'secret123' },
  });
  expect(res.status()).toBe(201);
  await api.dispose();

  await signIn(page, DEMO.admin);
  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  const card = page.getByRole('listitem').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('User', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Change Role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change role' });
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Service Provider' }).click();
  await dialog.getByLabel('Package').click();
  await page.getByRole('option', { name: 'Standard' }).click();
  await dialog.getByRole('button', { name: 'Save Role' }).click();
  await expect(toast(page, 'User role updated successfully')).toBeVisible();

  await expect(card.getByText('Service Provider', { exact: true })).toBeVisible();
  await expect(card.getByText('Nomsa Role', { exact: true }).last()).toBeVisible();
  const expiry = card.locator('dt:text-is("Expires") + dd');
  const first = (await expiry.innerText()).trim();
  const thirtyDays = new Date(Date.now() + 30 * 86_400_000);
  // Dates show in South African time: between 22:00 and midnight UTC it is already tomorrow there.
  const inSouthAfrica = (d: Date) =>
    new Date(d.toLocaleDateString('en-US', { timeZone: 'Africa/Johannesburg' })).toDateString();
  expect(new Date(first).toDateString()).toBe(inSouthAfrica(thirtyDays));

  await card.getByRole('button', { name: '+1 Month' }).click();
  await expect(toast(page, 'Package extended by 1 month(s)')).toBeVisible();
  await expect(expiry).not.toHaveText(first);
  const extended = new Date((await expiry.innerText()).trim());
  const expected = new Date(thirtyDays);
  expected.setMonth(expected.getMonth() + 1);
  expect(Math.abs(extended.getTime() - new Date(expected.toDateString()).getTime())).toBeLessThan(
    2 * 86_400_000,
  );
});
