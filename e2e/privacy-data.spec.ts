/**
 * Issue 24, Privacy (POPIA): a user downloads their data from Settings › Privacy (the JSON file is theirs)
 * and deletes their account (wrong confirmation and wrong password refused first), ending signed out on the
 * home page with a toast. At phone and desktop widths, with screenshots.
 */
import { readFileSync } from 'node:fs';
import { expect, formGuardFields, SHOTS_DIR, SIGN_UP_CONSENT, test, uniqueEmail } from './support.ts';

const SIZES = [
  { width: 360, height: 800 },
  { width: 1280, height: 900 },
];

for (const size of SIZES) {
  test(`download my data and delete my account at ${size.width}px`, async ({ page }) => {
    // Sign-up, a download and a deletion: slower than one page on a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const email = uniqueEmail('privacy');
    const password = 'privacy-secret-1';
    const signedUp = await page.request.post('/api/auth/sign-up', {
      data: { ...formGuardFields(), ...SIGN_UP_CONSENT, fullName: 'Privacy Tester', email, password },
    });
    expect(signedUp.status()).toBe(201);

    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/tab=privacy/);
    await expect(page.getByRole('heading', { name: 'Download my data' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/w4-privacy-tab-${size.width}.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^matric-moments-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      account: { email: string };
      profile: { fullName: string };
      enquiriesSent: unknown[];
    };
    expect(data.account.email).toBe(email);
    expect(data.profile.fullName).toBe('Privacy Tester');
    expect(data.enquiriesSent).toEqual([]);

    const remove = page.getByRole('button', { name: 'Delete my account' });
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Type DELETE to confirm').fill('delete');
    await remove.click();
    await expect(page.getByText('Type DELETE to confirm', { exact: true }).last()).toBeVisible();
    await expect(page.getByLabel('Type DELETE to confirm')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await remove.click();
    await expect(page.getByText('Password is incorrect')).toBeVisible();
    await page.screenshot({
      path: `${SHOTS_DIR}/w4-privacy-delete-refused-${size.width}.png`,
      fullPage: true,
    });

    await page.getByLabel('Password', { exact: true }).fill(password);
    await remove.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    await page.screenshot({ path: `${SHOTS_DIR}/w4-privacy-deleted-${size.width}.png` });

    // Signed out, and the account is gone: signing in again fails.
    const me = await page.request.get('/api/me');
    expect(await me.json()).toEqual({ user: null });
    const again = await page.request.post('/api/auth/sign-in', { data: { email, password } });
    expect(again.status()).toBe(401);
  });
}
