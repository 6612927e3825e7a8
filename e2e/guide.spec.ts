/**
 * The Matric Guide end to end: a new user signs up through the matric variant of /auth, submits a payment
 * reference and waits; the admin approves; the user reads an article; the admin revokes and the user is
 * turned back to the locked page. And an article full of XSS payloads renders inert in the browser.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { XSS_PAYLOADS } from '../src/server/test/xss-payloads.ts';
import {
  DEMO,
  expect,
  SHOTS_DIR,
  signIn,
  test,
  uniqueEmail,
  waitForAppOnNavigation,
  formGuardFields,
  SIGN_UP_CONSENT,
  tickSignUpConsent,
} from './support.ts';

const SHOTS = `${SHOTS_DIR}/shots-guide`;
const ARTICLE = { title: 'Finding Your Perfect Farewell Look', slug: 'finding-your-perfect-farewell-look' };

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = waitForAppOnNavigation(await context.newPage());
  await signIn(page, DEMO.admin);
  return page;
}

test('sign up for the guide, pay, get approved, read, and lose access when revoked', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('guide');

  // ---- the matric variant of /auth
  await page.goto('/auth?type=matric&redirect=/matric-access');
  await expect(page.getByRole('heading', { name: 'Matric Guide Access' })).toBeVisible();
  await expect(page.getByText('One-time payment: R50')).toBeVisible();
  await shoot(page, 'auth-matric');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Naledi Khumalo');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password').fill('secret123');
  await tickSignUpConsent(page);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(toast(page, 'Account created! Redirecting to complete payment...')).toBeVisible();
  await expect(page).toHaveURL(/\/matric-access$/);

  // ---- /matric-access: instructions, validation, submit, pending
  await expect(page.getByRole('heading', { name: 'Payment instructions' })).toBeVisible();
  await expect(page.getByText('R50.00').first()).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await shoot(page, 'matric-access');
  await page.getByRole('button', { name: 'Submit Payment Proof' }).click();
  await expect(page.getByText('Payment reference is required')).toBeVisible();
  await page.getByLabel('Payment Reference / Proof Number').fill('  EFT-E2E-001  ');
  await page.getByRole('button', { name: 'Submit Payment Proof' }).click();
  await expect(toast(page, 'Payment proof submitted! Awaiting admin approval.')).toBeVisible();
  await expect(page.getByText('Your request is pending approval')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Payment Proof' })).toHaveCount(0);
  await shoot(page, 'matric-access-pending');

  // ---- the guide stays locked while pending
  await page.goto('/matric-guide');
  await expect(page.getByRole('heading', { name: 'Premium Content Access Required' })).toBeVisible();
  await expect(page.getByText('Your request is pending approval')).toBeVisible();
  await page.goto(`/matric-guide/${ARTICLE.slug}`);
  await expect(page).toHaveURL(/\/matric-guide$/);

  // ---- the admin approves
  const admin = await adminPage(browser);
  await admin.goto('/admin/premium-access');
  const request = admin.getByRole('row').filter({ hasText: email });
  await expect(request).toContainText('EFT-E2E-001');
  await expect(request).toContainText('Naledi Khumalo');
  await shoot(admin, 'admin-premium-access');
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(admin, 'Access approved')).toBeVisible();
  await expect(request).toContainText('Approved');

  // ---- the user reads
  await page.goto('/matric-access');
  await expect(page).toHaveURL(/\/matric-guide$/);
  await expect(page.getByRole('heading', { name: 'Matric Moments Guide' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fashion & Styling' })).toBeVisible();
  await shoot(page, 'matric-guide');
  await page.getByRole('link', { name: new RegExp(ARTICLE.title) }).click();
  await expect(page).toHaveURL(new RegExp(`/matric-guide/${ARTICLE.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: ARTICLE.title })).toBeVisible();
  // The spec's date format, 'MMM d, yyyy': 'Published on Nov 27, 2026'.
  await expect(page.getByText(/^Published on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start three months out' })).toBeVisible();
  await expect(page.getByRole('img', { name: ARTICLE.title })).toBeVisible();
  await shoot(page, 'matric-article');

  // ---- the admin sees the reading and revokes
  await admin.goto('/admin/matric-users');
  const reader = admin.getByRole('row').filter({ hasText: email });
  await expect(reader).toContainText('R50.00');
  await expect(reader).not.toContainText('Never');
  await shoot(admin, 'admin-matric-users');
  await reader.getByRole('button', { name: `Revoke access for ${email}` }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(admin, 'Access revoked successfully')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // ---- the user is turned back to the locked page
  await page.reload();
  await expect(page).toHaveURL(/\/matric-guide$/);
  await expect(page.getByRole('heading', { name: 'Premium Content Access Required' })).toBeVisible();
  await expect(page.getByText('Your request was not approved')).toBeVisible();
  await expect(page.getByText(ARTICLE.title)).toHaveCount(0);
  await shoot(page, 'matric-guide-locked');
  await admin.context().close();
});

test('the quick request on the guide page answers with the spec’s toast', async ({ page }) => {
  const res = await page.request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Quick Asker',
      email: uniqueEmail('quick'),
      password: 'secret123',
    },
  });
  expect(res.status()).toBe(201);
  await page.goto('/matric-guide');
  await page.getByRole('button', { name: 'Request Access (R50)' }).click();
  await expect(toast(page, 'Access request submitted! An admin will review your payment.')).toBeVisible();
  await expect(page.getByText('Your request is pending approval')).toBeVisible();
});

test('an article full of XSS payloads renders inert', async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await adminPage(browser);
  const dialogs: string[] = [];
  admin.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const requests: string[] = [];
  admin.on('request', (req) => {
    if (req.url().includes('evil.example')) requests.push(req.url());
  });
  const categories = await admin.request.get('/api/admin/guide/categories');
  const { items } = (await categories.json()) as { items: { id: string }[] };
  const title = `XSS Check ${Date.now()}`;
  const created = await admin.request.post('/api/admin/guide/articles', {
    data: {
      title,
      categoryId: items[0]!.id,
      content: XSS_PAYLOADS.map((p, i) => `<p>payload ${i}</p>${p}`).join('\n'),
      isPublished: false,
    },
  });
  expect(created.status()).toBe(201);
  const { slug, id } = (await created.json()) as { slug: string; id: string };

  // Admins read drafts: the article page renders the stored HTML.
  await admin.goto(`/matric-guide/${slug}`);
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await admin.waitForTimeout(1000);
  const findings = await admin.locator('[data-article-body]').evaluate((root) => {
    const out: string[] = [];
    for (const el of Array.from(root.querySelectorAll('*'))) {
      const tag = el.tagName.toLowerCase();
      if (
        [
          'script',
          'iframe',
          'object',
          'embed',
          'form',
          'svg',
          'math',
          'style',
          'base',
          'meta',
          'link',
        ].includes(tag)
      )
        out.push(`tag ${tag}`);
      for (const attr of Array.from(el.attributes)) {
        if (attr.name.startsWith('on') || attr.name === 'style' || attr.name === 'srcdoc')
          out.push(`${tag}.${attr.name}`);
      }
      const url = (el as HTMLAnchorElement).href ?? (el as HTMLImageElement).src;
      if (typeof url === 'string' && url && !/^(https?|mailto|tel):/i.test(url)) out.push(`url ${url}`);
      if (
        tag === 'a' &&
        (el as HTMLAnchorElement).target === '_blank' &&
        el.getAttribute('rel') !== 'noopener noreferrer'
      )
        out.push('target without rel');
    }
    return out;
  });
  expect(findings).toEqual([]);
  // Clicking every link must not run script either.
  const links = admin.locator('[data-article-body] a');
  for (let i = 0; i < (await links.count()); i++) {
    const href = await links.nth(i).getAttribute('href');
    if (href === null) await links.nth(i).click();
  }
  expect(dialogs).toEqual([]);
  expect(requests).toEqual([]);
  await shoot(admin, 'xss-article');

  const removed = await admin.request.delete(`/api/admin/guide/articles/${id}`);
  expect(removed.status()).toBe(204);
  await admin.context().close();
});

test('admin content editor: the dialog previews the sanitised HTML', async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto('/admin/premium-content');
  await expect(admin.getByRole('row').filter({ hasText: ARTICLE.title })).toBeVisible();
  await shoot(admin, 'admin-premium-content');
  await admin.getByRole('button', { name: 'New Article' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New Article' });
  await dialog.getByLabel('Title').fill('Dress Code Basics');
  await expect(dialog.getByLabel('Slug')).toHaveValue('dress-code-basics');
  await dialog
    .getByLabel('Content (HTML)')
    .fill('<h2>Preview heading</h2><p onclick="alert(1)">Safe text</p><script>alert(1)</script>');
  const preview = dialog.locator('[aria-live="polite"]');
  await expect(preview.getByRole('heading', { name: 'Preview heading' })).toBeVisible();
  await expect(preview.locator('script, [onclick]')).toHaveCount(0);
  await shoot(admin, 'admin-article-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await admin.context().close();
});
