/**
 * A provider's contact details (issue 28 item 1; decision 0037): set on the Business tab's API, validated
 * as South African numbers, an email and an https website, stored in one form, refused by the database
 * in any other, and shown with the provider on the public listing and the provider profile.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../../domain/contact.ts';
import { serviceProviders } from '../../db/schema.ts';
import { drawDemoImage } from '../../storage/demo-images.ts';
import {
  categoryId,
  createAdmin,
  createListing,
  createProvider,
  seedReferenceData,
} from '../../test/fixtures.ts';
import { createTestApp, signUp, uploadImage, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let png: Buffer;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedReferenceData(t.database.db);
  png = await drawDemoImage({ width: 200, height: 120, seed: 3, label: 'c' });
  admin = await createAdmin(t);
});
afterAll(() => t.close());

const saveBusiness = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/provider/settings',
    headers: { cookie },
    payload: { businessName: 'Shiny Events', description: '', logoUrl: null, ...payload },
  });

describe('the steps of issue 28: a new provider’s phone reaches their listing', () => {
  it('sign up, become a provider, set the business phone, list, get approved: the listing shows the phone', async () => {
    const { cookie } = await signUp(t, { fullName: 'Thandi Events' });
    const became = await t.app.inject({
      method: 'POST',
      url: '/api/providers',
      headers: { cookie },
      payload: { businessName: 'Thandi Events', description: 'Décor for matric farewells.' },
    });
    expect(became.statusCode, became.body).toBe(201);

    const saved = await saveBusiness(cookie, {
      businessName: 'Thandi Events',
      phone: '082 555 7777',
      whatsApp: '+27 82 555 7777',
      enquiryEmail: ' bookings@thandi.example ',
      website: 'thandi-events.example/matric',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      phone: '082 555 7777',
      whatsApp: '082 555 7777',
      enquiryEmail: 'bookings@thandi.example',
      website: 'https://thandi-events.example/matric',
    });
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/provider/settings',
      headers: { cookie },
    });
    expect(settings.json()).toMatchObject({ phone: '082 555 7777', whatsApp: '082 555 7777' });

    const image = await uploadImage(t, cookie, 'listing-images', png);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/provider/listings',
      headers: { cookie },
      payload: {
        title: 'Farewell Décor',
        categoryId: await categoryId(t.database.db, 'decor'),
        description: 'Balloons, lights and flowers.',
        province: 'gauteng',
        city: 'Pretoria',
        priceFrom: '2500',
        priceTo: '',
        latitude: '',
        longitude: '',
        images: [{ url: image, isPrimary: true }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;

    // Not public before approval.
    expect((await t.app.inject({ method: 'GET', url: `/api/listings/${id}` })).statusCode).toBe(404);
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/listings/moderation',
      headers: { cookie: admin.cookie },
      payload: { ids: [id], status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const listing = await t.app.inject({ method: 'GET', url: `/api/listings/${id}` });
    expect(listing.statusCode).toBe(200);
    expect(listing.json().provider).toMatchObject({
      businessName: 'Thandi Events',
      phone: '082 555 7777',
      whatsApp: '082 555 7777',
      enquiryEmail: 'bookings@thandi.example',
      website: 'https://thandi-events.example/matric',
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/providers/${listing.json().provider.id}`,
    });
    expect(profile.json().provider).toMatchObject({
      phone: '082 555 7777',
      website: 'https://thandi-events.example/matric',
    });
  });

  it('the profile phone (Settings › Profile) stays the person’s own and never reaches the listing', async () => {
    const p = await createProvider(t);
    await createListing(t.database.db, p.providerId, { status: 'approved' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie: p.cookie },
      payload: { fullName: 'Own Name', phone: '083 000 1111', avatarUrl: null },
    });
    expect(res.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: `/api/providers/${p.providerId}` });
    expect(profile.json().provider.phone).toBeNull();
  });
});

describe('validation', () => {
  it('stores South African numbers in one form, whichever way they were typed', async () => {
    const p = await createProvider(t);
    for (const [typed, stored] of [
      ['0821234567', '082 123 4567'],
      ['+27 (0)82 123 4567', '082 123 4567'],
      ['(021) 555-0101', '021 555 0101'],
      ['0027 11 555 0101', '011 555 0101'],
    ]) {
      const res = await saveBusiness(p.cookie, { phone: typed });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().phone).toBe(stored);
    }
  });

  it.each([
    ['phone', '+44 7700 900123', CONTACT_MESSAGES.phoneInvalid],
    ['phone', '082 123 456', CONTACT_MESSAGES.phoneInvalid],
    ['phone', 'call me', CONTACT_MESSAGES.phoneInvalid],
    ['phone', '0'.repeat(31), CONTACT_MESSAGES.phoneInvalid],
    ['whatsApp', '021 555 0101', CONTACT_MESSAGES.whatsAppInvalid],
    ['whatsApp', '080 012 3456', CONTACT_MESSAGES.whatsAppInvalid],
    ['enquiryEmail', 'not-an-email', CONTACT_MESSAGES.emailInvalid],
    ['enquiryEmail', `${'a'.repeat(250)}@example.com`, CONTACT_MESSAGES.emailMax],
    ['website', 'http://example.co.za', CONTACT_MESSAGES.websiteInvalid],
    ['website', 'javascript:alert(1)', CONTACT_MESSAGES.websiteInvalid],
    ['website', 'https://user:pass@example.co.za', CONTACT_MESSAGES.websiteInvalid],
    ['website', 'localhost', CONTACT_MESSAGES.websiteInvalid],
    ['website', `https://example.co.za/${'a'.repeat(200)}`, CONTACT_MESSAGES.websiteMax],
  ])('refuses %s %j with its message and changes nothing', async (field, value, message) => {
    const p = await createProvider(t);
    const before = await saveBusiness(p.cookie, { phone: '011 555 0101' });
    expect(before.statusCode).toBe(200);
    const res = await saveBusiness(p.cookie, { phone: '011 555 0101', [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    const [row] = await t.database.db
      .select()
      .from(serviceProviders)
      .where(eq(serviceProviders.id, p.providerId));
    expect(row).toMatchObject({ phone: '011 555 0101', whatsApp: null, enquiryEmail: null, website: null });
  });

  it('blank or missing fields clear the details; the public then sees none', async () => {
    const p = await createProvider(t);
    const listing = await createListing(t.database.db, p.providerId, { status: 'approved' });
    await saveBusiness(p.cookie, { phone: '082 123 4567', website: 'https://example.co.za' });
    const cleared = await saveBusiness(p.cookie, { phone: '  ', website: '' });
    expect(cleared.json()).toMatchObject({ phone: null, whatsApp: null, enquiryEmail: null, website: null });
    const res = await t.app.inject({ method: 'GET', url: `/api/listings/${listing.id}` });
    expect(res.json().provider).toMatchObject({
      phone: null,
      whatsApp: null,
      enquiryEmail: null,
      website: null,
    });
  });

  it('the database refuses details in any other form', async () => {
    const p = await createProvider(t);
    const fails = async (q: ReturnType<typeof sql>) => {
      await expect(t.database.db.execute(q)).rejects.toBeTruthy();
    };
    const id = p.providerId;
    await fails(sql`update service_providers set phone = '0821234567' where id = ${id}`);
    await fails(sql`update service_providers set phone = '+27 82 123 4567' where id = ${id}`);
    await fails(sql`update service_providers set whatsapp = '021 555 0101' where id = ${id}`);
    await fails(sql`update service_providers set enquiry_email = 'nobody' where id = ${id}`);
    await fails(sql`update service_providers set website = 'http://example.co.za' where id = ${id}`);
    await fails(sql`update service_providers set website = 'javascript:alert(1)' where id = ${id}`);
    await t.database.db.execute(
      sql`update service_providers set phone = '082 123 4567', whatsapp = '082 123 4567',
          enquiry_email = 'a@b.co', website = 'https://example.co.za/' where id = ${id}`,
    );
  });
});

describe('who sees the details', () => {
  it('the provider profile shows them only once the provider has an approved listing', async () => {
    const p = await createProvider(t);
    await saveBusiness(p.cookie, { phone: '082 123 4567', website: 'https://example.co.za' });
    const pending = await createListing(t.database.db, p.providerId, { status: 'pending' });
    const before = await t.app.inject({ method: 'GET', url: `/api/providers/${p.providerId}` });
    expect(before.statusCode).toBe(200);
    expect(before.json().provider).toMatchObject({ phone: null, website: null });
    await t.database.db.execute(sql`update listings set status = 'approved' where id = ${pending.id}`);
    const after = await t.app.inject({ method: 'GET', url: `/api/providers/${p.providerId}` });
    expect(after.json().provider).toMatchObject({ phone: '082 123 4567', website: 'https://example.co.za/' });
  });

  it('only providers and admins set them, each on their own record', async () => {
    const user = await signUp(t);
    const a = await createProvider(t);
    const b = await createProvider(t);
    const payload = { businessName: 'X', description: '', logoUrl: null, phone: '082 123 4567' };
    const put = (cookie?: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/provider/settings',
        headers: cookie ? { cookie } : {},
        payload,
      });
    expect((await put()).statusCode).toBe(401);
    expect((await put(user.cookie)).statusCode).toBe(403);
    expect((await put(a.cookie)).statusCode).toBe(200);
    const [rowB] = await t.database.db
      .select()
      .from(serviceProviders)
      .where(eq(serviceProviders.id, b.providerId));
    expect(rowB!.phone).toBeNull();
    // An admin without a provider record has nothing to save.
    expect((await put(admin.cookie)).statusCode).toBe(404);
  });
});
