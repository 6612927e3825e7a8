/**
 * Issue 28, item 20: finishing touches a user sees. A wide logo is shown whole in the Business tab's
 * preview, the analytics table's headings stay apart at 360 px, and a long email on an admin user card
 * wraps instead of being cut off.
 */
import sharp from 'sharp';
import { DEMO, expect, signIn, test, uniqueEmail, formGuardFields, SIGN_UP_CONSENT } from './support.ts';

const PHONE = { width: 360, height: 800 };

test('a wide logo is shown whole in the Business tab’s preview', async ({ page }) => {
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Wide Logo',
      email: uniqueEmail('logo'),
      password: 'secret123',
      packageType: 'basic',
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Business' }).click();
  const wide = await sharp({ create: { width: 480, height: 120, channels: 3, background: '#2a7de1' } })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });
  const preview = page.getByRole('img', { name: 'Business logo' });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
});

test('the analytics table’s headings stay apart at 360 px', async ({ page }) => {
  await signIn(page, DEMO.premiumProvider);
  await page.setViewportSize(PHONE);
  await page.goto('/dashboard/analytics');
  const table = page.getByRole('region', { name: 'Per listing table' }).getByRole('table');
  await expect(table).toBeVisible();
  // The boxes of the headings' text, left to right: each ends before the next begins.
  const boxes = await table.locator('thead th').evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const r = range.getBoundingClientRect();
      return { text: cell.textContent?.trim(), left: r.left, right: r.right };
    }),
  );
  expect(boxes.map((b) => b.text)).toEqual(['Listing', 'Views', 'Enquiries', 'Conversion']);
  for (let i = 1; i < boxes.length; i++) {
    expect(
      boxes[i]!.left - boxes[i - 1]!.right,
      `${boxes[i - 1]!.text} | ${boxes[i]!.text}`,
    ).toBeGreaterThanOrEqual(8);
  }
});

test('an admin user card wraps a long email instead of cutting it off', async ({ page, request }) => {
  const email = uniqueEmail('a-rather-long-address-for-the-farewell-committee');
  const res = await request.post('/api/auth/sign-up', {
    data: { ...formGuardFields(), ...SIGN_UP_CONSENT, fullName: 'Long Email', email, password: 'secret123' },
  });
  expect(res.status()).toBe(201);
  await signIn(page, DEMO.admin);
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/users?search=${encodeURIComponent(email)}`);
  const heading = page.getByRole('heading', { level: 2, name: email });
  await expect(heading).toBeVisible();
  const fits = await heading.evaluate((h) => ({
    whole: h.scrollWidth <= h.clientWidth,
    inside: h.getBoundingClientRect().right <= (h.closest('li')?.getBoundingClientRect().right ?? 0),
  }));
  expect(fits).toEqual({ whole: true, inside: true });
});
