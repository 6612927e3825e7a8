/** Admin changes that every visitor sees (issue 11): a package's listing limit and demo mode. Both restored. */
import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './support.ts';

test.describe.configure({ mode: 'serial' });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function setListingLimit(page: Page, value: string) {
  await page.goto('/admin/package-settings');
  await page.getByRole('button', { name: 'Edit Standard' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Package' });
  await expect(dialog.getByLabel('Package type')).toBeDisabled();
  await dialog.getByLabel('Max listings (-1 = unlimited)').fill(value);
  await dialog.getByRole('button', { name: 'Save Package' }).click();
  await expect(toast(page, 'Package updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('an admin edits a package’s listing limit and /packages shows it', async ({ page }) => {
  await signIn(page, DEMO.admin);
  try {
    await setListingLimit(page, '4');
    await page.goto('/packages');
    await expect(page.getByText('4 active listings · 10 images per listing')).toBeVisible();
  } finally {
    await setListingLimit(page, '2');
  }
  await page.goto('/packages');
  await expect(page.getByText('2 active listings · 10 images per listing')).toBeVisible();
});

test('an admin switches demo mode on and off; the header badge follows', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/package-settings');
  const toggle = page.getByRole('switch', { name: 'Demo Mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  try {
    await toggle.click();
    await expect(toast(page, 'Demo mode is on')).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Demo Mode', { exact: true }).first()).toBeVisible();
    const me = await (await page.request.get('/api/me')).json();
    expect(me.demoMode).toBe(true);
  } finally {
    if ((await toggle.getAttribute('aria-checked')) === 'true') await toggle.click();
  }
  await expect(toast(page, 'Demo mode is off')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  expect((await (await page.request.get('/api/me')).json()).demoMode).toBe(false);
});
