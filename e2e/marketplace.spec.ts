import { CATEGORIES } from '../src/domain/constants.ts';
import { priceRange } from '../src/domain/format.ts';
import { expect, test } from './support.ts';

test('the home page shows the eight categories with their titles and links', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('#categories');
  for (const c of CATEGORIES) {
    const link = section.getByRole('link', { name: c.name, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', `/browse?category=${c.slug}`);
  }
  await expect(section.getByRole('link')).toHaveCount(8);
});

test('a category card leads to its filtered browse page', async ({ page }) => {
  await page.goto('/');
  await page.locator('#categories').getByRole('link', { name: 'Photography', exact: true }).click();
  await expect(page).toHaveURL(/\/browse\?category=photography$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Photography' })).toBeVisible();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('link').first()).toBeVisible();
  // every card shown is a photography listing
  const categories = await results.locator('article').getByText('Photography', { exact: true }).count();
  expect(categories).toBe(await results.locator('article').count());
});

test('a search from the hero reaches /browse with the search and province', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('search', { name: 'Find services' });
  await form.getByRole('searchbox').fill('photo');
  // The hero's province is the browser's own select (decision 0023).
  await form.getByRole('combobox', { name: 'Province' }).selectOption({ label: 'Gauteng' });
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/browse\?(?=.*search=photo)(?=.*province=gauteng)/);
  await expect(page.getByRole('searchbox')).toHaveValue('photo');
  await expect(page.getByRole('region', { name: 'Results' }).locator('article').first()).toBeVisible();
  // changing a filter updates the URL, and the back button restores the previous one
  await page.getByRole('combobox', { name: 'Province' }).click();
  await page.getByRole('option', { name: 'Western Cape' }).click();
  await expect(page).toHaveURL(/province=western_cape/);
  await page.goBack();
  await expect(page).toHaveURL(/province=gauteng/);
});

test('a listing opens from a card and shows its price and provider', async ({ page }) => {
  await page.goto('/browse?category=car-rentals');
  const card = page.getByRole('region', { name: 'Results' }).locator('article').first();
  const title = (await card.getByRole('heading').first().textContent())!.trim();
  await card.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const id = page.url().split('/').pop()!;
  const detail = await (await page.request.get(`/api/listings/${id}`)).json();
  await expect(
    page.getByText(`Price: ${priceRange(detail.priceFrom, detail.priceTo)}`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Service Provider', exact: true })).toBeVisible();
  await expect(page.getByText(detail.provider.businessName).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /view profile/i }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Contact Provider' })).toBeVisible();
});

test('an unknown listing id returns to /browse with the message', async ({ page }) => {
  await page.goto('/listing/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Failed to load listing details')).toBeVisible();
  await expect(page).toHaveURL(/\/browse$/);
});

test('the FAQ accordion opens', async ({ page }) => {
  await page.goto('/faq');
  const question = page.getByRole('button', { name: 'Is it free to use Matric Moments?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Browsing, saving favourites and sending enquiries is free')).toBeVisible();
  await expect(page.getByRole('link', { name: /contact/i }).first()).toBeVisible();
});

test('the contact form validates and shows the success message', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name').fill('Grace Mahlangu');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Subject').fill('Advertising');
  await page.getByLabel('Message').fill('How do I advertise my venue?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText("Message sent successfully! We'll get back to you soon.")).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
});
