/**
 * Issue 28 item 3 (decision 0041): a provider edits an approved listing; the public page keeps the approved
 * version while My Listings and the edit page say 'Changes awaiting approval' with both versions; an admin
 * finds the listing under the Changes tab, sees the difference and approves it; the public page changes.
 * Screenshots at 360 and 1280 px go to SHOTS_DIR (support.ts).
 */
import type { Browser, Page } from '@playwright/test';
import {
  approveListingAsAdmin,
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

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS_DIR}/w3-held-${name}.png`, fullPage: true });

/** The listing page as an anonymous visitor sees it: its heading. */
async function publicHeading(browser: Browser, id: string) {
  const context = await browser.newContext();
  try {
    const visitor = waitForAppOnNavigation(await context.newPage());
    await visitor.goto(`/listing/${id}`);
    return await visitor.getByRole('heading', { level: 1 }).innerText();
  } finally {
    await context.close();
  }
}

test('an edit of an approved listing waits for an admin, then goes live', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const suffix = Math.floor(Math.random() * 1e6);
  const approvedTitle = `Golden Hour Portraits ${suffix}`;
  const newTitle = `Neon Night Photo Booth ${suffix}`;
  await page.setViewportSize(DESKTOP);
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Lerato Dube',
      email: uniqueEmail('held'),
      password: 'secret123',
      packageType: 'basic',
    },
  });
  expect(res.status()).toBe(201);
  const id = await createListingViaApi(page, approvedTitle, {
    category: 'photography',
    description: 'Portraits at golden hour before the dance, 150 edited photos.',
    province: 'western_cape',
    city: 'Stellenbosch',
    priceFrom: '2500',
    priceTo: '',
    colour: '#1f7a5c',
  });
  await approveListingAsAdmin(browser, id);

  // ---- the provider edits the title
  await page.goto(`/dashboard/listings/${id}/edit`);
  await page.getByLabel('Title').fill(newTitle);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Your listing has been updated')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/listings$/);

  // My Listings shows the approved version, marked.
  const card = page.locator('[data-slot="card"]').filter({ hasText: approvedTitle });
  await expect(card.getByText('Changes awaiting approval')).toBeVisible();
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await shoot(page, 'my-listings-1280');

  // The edit page: the new version in the form, both versions side by side.
  await page.goto(`/dashboard/listings/${id}/edit`);
  await expect(page.getByLabel('Title')).toHaveValue(newTitle);
  const diff = page.getByRole('region', { name: 'Changes awaiting approval' });
  await expect(diff.getByText(approvedTitle)).toBeVisible();
  await expect(diff.getByText(newTitle)).toBeVisible();
  await shoot(page, 'edit-1280');
  await page.setViewportSize(PHONE);
  await shoot(page, 'edit-360');
  await page.setViewportSize(DESKTOP);

  // ---- the public still sees the approved version
  expect(await publicHeading(browser, id)).toBe(approvedTitle);

  // ---- the admin reviews the difference under the Changes tab and approves it
  const adminContext = await browser.newContext({ viewport: DESKTOP });
  try {
    const admin = waitForAppOnNavigation(await adminContext.newPage());
    await signIn(admin, DEMO.admin);
    await admin.goto(`/admin/listings?status=changes&search=${encodeURIComponent(approvedTitle)}`);
    await expect(admin.getByRole('tab', { name: /Changes/, selected: true })).toBeVisible();
    await admin.getByRole('button', { name: `Review changes to ${approvedTitle}` }).click();
    const dialog = admin.getByRole('dialog');
    const adminDiff = dialog.getByRole('region', { name: 'Changes awaiting approval' });
    await expect(adminDiff.getByText(approvedTitle)).toBeVisible();
    await expect(adminDiff.getByText(newTitle)).toBeVisible();
    await shoot(admin, 'admin-dialog-1280');
    await admin.setViewportSize(PHONE);
    await shoot(admin, 'admin-dialog-360');
    await admin.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Approve Changes' }).click();
    await expect(toast(admin, 'Changes approved!')).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Changes awaiting approval' })).toHaveCount(0);
  } finally {
    await adminContext.close();
  }

  // ---- the public page changed
  await expect.poll(() => publicHeading(browser, id)).toBe(newTitle);
});
