/**
 * Enquiries become conversations (issue 23) end to end: a signed-in client enquires, the provider replies
 * from /dashboard/enquiries (the enquiry moves to replied), the client sees the reply with an unread mark
 * on 'My Enquiries', opens it (the mark goes) and answers back, and the provider then has an unread reply.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
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
} from './support.ts';

/** axe-core's browser build, as e2e/a11y.spec.ts runs it: serious and critical violations, one line each. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('client enquires, provider replies, client sees the reply with an unread mark and answers', async ({
  page,
  browser,
}) => {
  // Two people, two browsers, the enquiry form's minimum fill time (decision 0059): a long walk.
  test.setTimeout(90_000);
  const stamp = Date.now();
  const question = `Is the Rolls free on 28 November? Ref ${stamp}`;
  const answer = `Yes, it is free that evening. Ref ${stamp}`;
  const followUp = `Wonderful, please book it for us. Ref ${stamp}`;

  // The client: a fresh account (signed in through the API; the page shares the cookie).
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Naledi Client',
      email: uniqueEmail('conversation'),
      password: 'secret123',
    },
  });
  expect(signUp.status()).toBe(201);
  const listings = await page.request.get('/api/listings?category=car-rentals&pageSize=60');
  const { items } = (await listings.json()) as {
    items: { id: string; title: string; provider: { businessName: string } }[];
  };
  const listing = items.find((c) => c.provider.businessName === 'Elite Arrivals')!;
  expect(listing).toBeDefined();

  await page.goto(`/listing/${listing.id}`);
  await page.getByRole('button', { name: 'Contact Provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Provider' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Naledi Client');
  await dialog.getByLabel('Message').fill(question);
  await dialog.getByRole('button', { name: 'Send Enquiry' }).click();
  await expect(toast(page, 'Your enquiry has been sent successfully!')).toBeVisible();

  // The provider replies under the enquiry.
  const providerContext = await browser.newContext();
  const provider = waitForAppOnNavigation(await providerContext.newPage());
  await signIn(provider, DEMO.premiumProvider);
  await provider.goto('/dashboard/enquiries');
  await expect(provider.getByRole('heading', { name: 'Client Enquiries' })).toBeVisible();
  const providerCard = provider.getByTestId('enquiry-card').filter({ hasText: question });
  await providerCard.getByRole('button', { name: /View details/ }).click();
  await expect(providerCard.getByText('No replies yet.')).toBeVisible();
  // The reply box refuses what the enquiry form refuses, with the same message.
  await providerCard.getByLabel('Your reply').fill('Too short');
  await providerCard.getByRole('button', { name: 'Send reply' }).click();
  await expect(providerCard.getByText('Message must be at least 10 characters')).toBeVisible();
  await providerCard.getByLabel('Your reply').fill(answer);
  await providerCard.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(provider, 'Reply sent')).toBeVisible();
  await expect(providerCard.getByTestId('conversation-message').filter({ hasText: answer })).toBeVisible();
  await expect(providerCard.getByLabel('Your reply')).toHaveValue('');
  await expect(providerCard).toHaveAttribute('data-status', 'replied');

  // The client sees the reply with an unread mark, opens it and answers back.
  await page.goto('/dashboard/enquiries');
  await expect(page.getByRole('heading', { name: 'My Enquiries' })).toBeVisible();
  const clientCard = page.getByTestId('enquiry-card').filter({ hasText: question });
  await expect(clientCard).toHaveAttribute('data-unread', 'true');
  await expect(clientCard.getByTestId('unread-mark')).toHaveText('New reply');
  await expect(clientCard.getByText('1 reply')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/w3-conversations-client-list-1280.png`, fullPage: true });
  await clientCard.getByRole('button', { name: /View details/ }).click();
  const reply = clientCard.getByTestId('conversation-message').filter({ hasText: answer });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('Elite Arrivals');
  await expect(clientCard).toHaveAttribute('data-unread', 'false');
  await expect(clientCard.getByTestId('unread-mark')).toHaveCount(0);

  await clientCard.getByLabel('Your reply').fill(followUp);
  await clientCard.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page, 'Reply sent')).toBeVisible();
  const mine = clientCard.getByTestId('conversation-message').filter({ hasText: followUp });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('You');
  await expect(clientCard.getByText('2 replies')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/w3-conversations-client-open-1280.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The mark stays gone after a reload; the conversation reads oldest first.
  await page.reload();
  await expect(clientCard).toHaveAttribute('data-unread', 'false');

  // The provider now has an unread reply; the mails' link opens the conversation by itself.
  const list = await provider.request.get('/api/enquiries');
  const enquiry = (
    (await list.json()) as { items: { id: string; message: string; unread: boolean }[] }
  ).items.find((e) => e.message === question)!;
  expect(enquiry.unread).toBe(true);
  await provider.goto(`/dashboard/enquiries?enquiry=${enquiry.id}`);
  const linked = provider.getByTestId('enquiry-card').filter({ hasText: question });
  const messages = linked.getByTestId('conversation-message');
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toContainText(answer);
  await expect(messages.nth(1)).toContainText(followUp);
  await expect(messages.nth(1)).toContainText('Naledi Client');
  await expect(linked).toHaveAttribute('data-unread', 'false');

  // Phone width.
  await provider.setViewportSize({ width: 360, height: 800 });
  await provider.screenshot({ path: `${SHOTS_DIR}/w3-conversations-provider-360.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 800 });
  await clientCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS_DIR}/w3-conversations-client-360.png`, fullPage: true });
  expect(await seriousViolations(provider)).toEqual([]);
  // Nothing wider than the phone's screen.
  expect(await provider.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await providerContext.close();
});

test('a provider whose address is not verified is told why no enquiry mail arrives', async ({ page }) => {
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: {
      ...formGuardFields(),
      ...SIGN_UP_CONSENT,
      fullName: 'Unverified Provider',
      email: uniqueEmail('unverified'),
      password: 'secret123',
      packageType: 'basic',
    },
  });
  expect(signUp.status()).toBe(201);
  await page.goto('/dashboard/enquiries');
  await expect(page.getByRole('heading', { name: 'Client Enquiries' })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText(
    'Please verify your email address to receive new enquiries and replies by email. Until then they only appear here.',
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: `${SHOTS_DIR}/w3-conversations-unverified-360.png`, fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});
