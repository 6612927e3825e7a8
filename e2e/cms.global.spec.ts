/**
 * Site content end to end (issue 12): what an admin changes in /admin/cms and /admin/social-links is what
 * the next page shows. Site-wide state: the tests run in order and each puts back what it changed.
 * Screenshots of every CMS tab and the social links page at 360 and 1280 px go to SHOTS_DIR (support.ts).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO, expect, SHOTS_DIR, signIn, test } from './support.ts';

test.describe.configure({ mode: 'serial' });

const SHOTS = `${SHOTS_DIR}/shots-cms`;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function openCms(page: Page, tab?: string) {
  await page.goto(tab ? `/admin/cms?tab=${tab}` : '/admin/cms');
  await expect(page.getByRole('heading', { name: 'Content Management', level: 1 })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await signIn(page, DEMO.admin);
});

test('the hero heading changes on the home page; leaving a dirty tab asks first', async ({ page }) => {
  await openCms(page);
  const heading = page.getByRole('textbox', { name: 'Heading', exact: true });
  const original = await heading.inputValue();
  const changed = `Farewells to remember ${Date.now()}`;

  // Unsaved changes: switching tab asks; Stay keeps the edit.
  await heading.fill(changed);
  await page.getByRole('tab', { name: 'About' }).click();
  const prompt = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay and keep editing' }).click();
  await expect(heading).toHaveValue(changed);

  await page.getByRole('button', { name: 'Save Hero' }).click();
  await expect(toast(page, 'Hero content saved')).toBeVisible();
  await page.getByRole('link', { name: 'View the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: changed })).toBeVisible();

  // Put it back; a blank heading is refused with the schema's message first.
  await openCms(page);
  await heading.fill('   ');
  await page.getByRole('button', { name: 'Save Hero' }).click();
  await expect(page.getByText('Heading is required')).toBeVisible();
  await heading.fill(original);
  await page.getByRole('button', { name: 'Save Hero' }).click();
  await expect(toast(page, 'Hero content saved')).toBeVisible();
});

test('a new FAQ, moved up one place, shows on /faq in that place', async ({ page }) => {
  await openCms(page, 'faqs');
  const entries = page.getByTestId('faq-entry');
  await expect(entries.first()).toBeVisible();
  const before = await entries.count();
  const question = `Can we book two cars for one learner? ${Date.now()}`;

  await page.getByRole('button', { name: 'Add FAQ' }).click();
  const added = entries.nth(before);
  await added.getByLabel('Question').fill(question);
  await added.getByLabel('Answer').fill('Yes. Send an enquiry to each provider with the same date.');
  await page.getByRole('button', { name: 'Save FAQs' }).click();
  await expect(toast(page, 'FAQs saved')).toBeVisible();
  await expect(added.getByText('Active', { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: `Move FAQ ${before + 1} up` }).click();
  await expect(toast(page, 'FAQ order saved')).toBeVisible();
  await expect(entries.nth(before - 1).getByLabel('Question')).toHaveValue(question);
  // The last one cannot move down.
  await expect(page.getByRole('button', { name: `Move FAQ ${before + 1} down` })).toBeDisabled();

  await page.getByRole('link', { name: 'View the FAQ page' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  const questions = page.locator(`[data-slot="accordion-trigger"]`);
  await expect(page.getByRole('button', { name: question })).toBeVisible();
  const texts = (await questions.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  expect(texts.indexOf(question)).toBe(texts.length - 2);

  // Put it back.
  await openCms(page, 'faqs');
  await page.getByRole('button', { name: `Delete FAQ ${before}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'FAQ deleted')).toBeVisible();
  await expect(entries).toHaveCount(before);
});

test('an uploaded logo shows in the header and footer; removing it brings the brand text back', async ({
  page,
}) => {
  await openCms(page, 'website');
  await page.getByRole('button', { name: 'Save logo' }).click();
  await expect(page.getByText('You must select an image to upload.').first()).toBeVisible();

  const logo = await sharp({
    create: { width: 360, height: 120, channels: 4, background: { r: 109, g: 40, b: 217, alpha: 1 } },
  })
    .png()
    .toBuffer();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByRole('img', { name: 'New logo preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Save logo' }).click();
  await expect(toast(page, 'Logo uploaded')).toBeVisible();

  await page.goto('/');
  const headerLogo = page.locator('header').getByRole('img', { name: 'Matric Moments' });
  await expect(headerLogo).toBeVisible();
  await expect(headerLogo).toHaveAttribute('src', /\/uploads\/site-assets\//);
  await expect(page.locator('footer').getByRole('img', { name: 'Matric Moments' })).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.locator('header').screenshot({ path: `${SHOTS}/logo-header-1280.png` });
  await page.locator('footer').screenshot({ path: `${SHOTS}/logo-footer-1280.png` });

  // Put it back.
  await openCms(page, 'website');
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove logo' }).click();
  await expect(toast(page, 'Logo removed')).toBeVisible();
  await page.goto('/');
  await expect(page.locator('header').getByRole('img', { name: 'Matric Moments' })).toHaveCount(0);
  await expect(page.locator('header').getByText('Matric Moments')).toBeVisible();
});

test('a new social link shows in the footer with its icon', async ({ page }) => {
  const url = `https://youtube.com/@matricmoments${Date.now()}`;
  await page.goto('/admin/social-links');
  await page.getByRole('button', { name: 'Add social link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add social link' });
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog.getByText('Platform and URL are required').first()).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Platform' }).click();
  await page.getByRole('option', { name: 'YouTube' }).click();
  await dialog.getByLabel('URL').fill('ftp://youtube.com/x');
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(dialog.getByText('URL must be a web address starting with https:// or http://')).toBeVisible();
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('button', { name: 'Add link' }).click();
  await expect(toast(page, 'Social link added')).toBeVisible();
  await expect(page.getByTestId('social-row').last()).toContainText('YouTube');

  await page.goto('/');
  const footerLink = page.locator('footer').getByRole('link', { name: 'YouTube' });
  await expect(footerLink).toHaveAttribute('href', url);
  await expect(footerLink.locator('svg')).toBeVisible();
  // Active links in display order: the new one is last.
  const names = await page
    .getByRole('list', { name: 'Social media' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('aria-label')));
  expect(names.at(-1)).toBe('YouTube');

  // Put it back.
  await page.goto('/admin/social-links');
  await page.getByRole('button', { name: 'Delete YouTube link' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this social link?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Social link deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete YouTube link' })).toHaveCount(0);
});

test('a deactivated banner leaves the home carousel', async ({ page }) => {
  const slides = page.locator('[aria-roledescription="slide"]');
  await page.goto('/');
  await expect(slides.first()).toBeVisible();
  const before = await slides.count();
  const firstSrc = await slides.first().locator('img').getAttribute('src');

  await openCms(page);
  const toggle = page.getByRole('switch', { name: 'Show banner 1 on the home page' });
  await toggle.click();
  await expect(toast(page, 'Banner deactivated')).toBeVisible();
  await expect(toggle).not.toBeChecked();

  await page.goto('/');
  await expect(slides).toHaveCount(before - 1);
  await expect(page.locator(`[aria-roledescription="slide"] img[src="${firstSrc}"]`)).toHaveCount(0);

  // Put it back.
  await openCms(page);
  await page.getByRole('switch', { name: 'Show banner 1 on the home page' }).click();
  await expect(toast(page, 'Banner activated')).toBeVisible();
  await page.goto('/');
  await expect(slides).toHaveCount(before);
});

test('screenshots of every CMS tab and the social links page at 360 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const tab of ['hero', 'about', 'contact', 'footer', 'faqs', 'website']) {
      await openCms(page, tab);
      await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', new RegExp(`${tab}$`));
      await expect(page.getByRole('button', { name: /^Save|Add FAQ/ }).first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/cms-${tab}-${width}.png`, fullPage: true });
    }
    await page.goto('/admin/social-links');
    await expect(page.getByRole('button', { name: 'Add social link' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/social-links-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Add social link' }).click();
    await page.screenshot({ path: `${SHOTS}/social-dialog-${width}.png` });
    await page.keyboard.press('Escape');
  }
});
