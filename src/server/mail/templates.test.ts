/**
 * The templates without a database: every kind renders its sample with absolute links, a plain-text part
 * and the site's name and logo; prices and dates as the site writes them; bad payloads refused. Also the
 * unsubscribe tokens, the back-off and the error text that goes into the outbox.
 */
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CATEGORIES } from '../../domain/notifications.ts';
import { addressHash, signUnsubscribeToken, verifyUnsubscribeToken } from './preferences.ts';
import { InvalidMailError, MAIL_KINDS, MAIL_TEMPLATES, renderMail } from './render.tsx';
import type { MailContext } from './templates/layout.tsx';
import { describeMailError, retryDelayMs } from './worker.ts';

const ctx: MailContext = {
  publicUrl: 'https://matricmoments.co.za',
  siteName: 'Matric Moments',
  logoUrl: 'https://matricmoments.co.za/uploads/site-assets/logo-800.webp',
  unsubscribeUrl: 'https://matricmoments.co.za/mail/unsubscribe?token=abc',
  categoryLabel: 'New enquiries',
  recipientHasAccount: true,
};

describe('templates', () => {
  it.each(MAIL_KINDS)('%s renders its sample: subject, HTML, text, absolute links', async (kind) => {
    const template = MAIL_TEMPLATES[kind];
    const essential = template.category === 'account';
    const mail = await renderMail(kind, template.sample, {
      ...ctx,
      ...(essential ? { unsubscribeUrl: null, categoryLabel: null } : {}),
    });
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.html).toMatch(/^<!DOCTYPE html/i);
    expect(mail.html).toContain('lang="en-ZA"');
    expect(mail.html).toContain(`src="${ctx.logoUrl}"`);
    expect(mail.html).toContain('alt="Matric Moments"');
    expect(mail.text.length).toBeGreaterThan(50);
    const links = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) expect(link.startsWith('https://matricmoments.co.za/')).toBe(true);
    expect(mail.html.includes('/mail/unsubscribe')).toBe(!essential);
  });

  it('shows the brand name when the site has no logo', async () => {
    const mail = await renderMail('listing_approved', MAIL_TEMPLATES.listing_approved.sample, {
      ...ctx,
      logoUrl: null,
      siteName: 'Farewell Finder',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toContain('Farewell Finder');
  });

  it('writes Rand amounts and dates as the site does', async () => {
    const activated = await renderMail(
      'package_activated',
      { ...MAIL_TEMPLATES.package_activated.sample, price: 1250, expiresAt: '2026-12-27T22:30:00.000Z' },
      ctx,
    );
    // South African grouping with a no-break space; the date on the South African calendar (UTC+2).
    expect(activated.text).toContain('R1\u00a0250/month');
    expect(activated.text).toContain('Dec 28, 2026');
    const guide = await renderMail('guide_access_approved', MAIL_TEMPLATES.guide_access_approved.sample, ctx);
    expect(guide.text).toContain('R50.00');
  });

  it('puts the enquiry’s client in Reply-To and links the conversation', async () => {
    const mail = await renderMail('enquiry_received', MAIL_TEMPLATES.enquiry_received.sample, ctx);
    expect(mail.replyTo).toBe('lindiwe@example.com');
    expect(mail.html).toContain(
      'https://matricmoments.co.za/dashboard/enquiries?enquiry=6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
    );
  });

  it('invites a visitor to create an account, and shows an account holder the conversation', async () => {
    const sample = MAIL_TEMPLATES.conversation_reply.sample;
    const visitor = await renderMail('conversation_reply', { ...sample, recipientHasAccount: false }, ctx);
    expect(visitor.text).toContain('Create an account with this email to continue the conversation');
    expect(visitor.html).toContain('/auth?redirect=%2Fdashboard%2Fenquiries%3Fenquiry%3D');
    const member = await renderMail('conversation_reply', { ...sample, recipientHasAccount: true }, ctx);
    expect(member.text).not.toContain('Create an account');
    expect(member.text).toContain('View the conversation');
  });

  it('says when a package expires: in 7 days or tomorrow', async () => {
    const sample = MAIL_TEMPLATES.package_expiring.sample;
    expect((await renderMail('package_expiring', sample, ctx)).subject).toBe(
      'Your Premium package expires in 7 days',
    );
    expect((await renderMail('package_expiring', { ...sample, when: 'tomorrow' }, ctx)).subject).toBe(
      'Your Premium package expires tomorrow',
    );
  });

  it('escapes what people wrote', async () => {
    const mail = await renderMail(
      'listing_rejected',
      { ...MAIL_TEMPLATES.listing_rejected.sample, reason: '<script>alert(1)</script> & more' },
      ctx,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('refuses an unknown kind and a payload that does not fit', async () => {
    await expect(renderMail('newsletter', {}, ctx)).rejects.toBeInstanceOf(InvalidMailError);
    await expect(renderMail('password_reset', { name: 'X' }, ctx)).rejects.toBeInstanceOf(InvalidMailError);
    await expect(renderMail('password_reset', { name: 'X', token: 'short' }, ctx)).rejects.toBeInstanceOf(
      InvalidMailError,
    );
  });
});

describe('unsubscribe tokens', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';

  it.each(NOTIFICATION_CATEGORIES)('round-trips an account and an address for %s', (category) => {
    const forUser = signUnsubscribeToken(secret, { subject: { userId: 'u1' }, category });
    expect(verifyUnsubscribeToken(secret, forUser)).toEqual({ subject: { userId: 'u1' }, category });
    const hash = addressHash(' A@Example.com ');
    expect(hash).toBe(addressHash('a@example.com'));
    const forAddress = signUnsubscribeToken(secret, { subject: { addressHash: hash }, category });
    expect(verifyUnsubscribeToken(secret, forAddress)).toEqual({ subject: { addressHash: hash }, category });
    // The link does not carry the address.
    expect(Buffer.from(forAddress.split('.')[0]!, 'base64url').toString()).not.toContain('example.com');
  });

  it('refuses another secret, an altered claim and garbage', () => {
    const token = signUnsubscribeToken(secret, { subject: { userId: 'u1' }, category: 'packages' });
    expect(verifyUnsubscribeToken(`${secret}x`, token)).toBeNull();
    const [, mac] = token.split('.');
    const altered = Buffer.from(JSON.stringify({ v: 1, c: 'packages', u: 'u2' })).toString('base64url');
    expect(verifyUnsubscribeToken(secret, `${altered}.${mac}`)).toBeNull();
    for (const bad of ['', '.', 'a.b.c', token.slice(0, -1), 'x'.repeat(2000)]) {
      expect(verifyUnsubscribeToken(secret, bad)).toBeNull();
    }
  });
});

describe('retries', () => {
  it('doubles the wait per attempt, takes a random half off, and stops at the cap', () => {
    expect(retryDelayMs(1, () => 0, 60_000)).toBe(30_000);
    expect(retryDelayMs(1, () => 0.999_999, 60_000)).toBe(60_000);
    expect(retryDelayMs(3, () => 0, 60_000)).toBe(120_000);
    expect(retryDelayMs(30, () => 1, 60_000, 7_200_000)).toBe(7_200_000);
  });

  it('keeps addresses out of the stored error', () => {
    const err = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 <bob@example.com>: no"),
      {
        code: 'EENVELOPE',
        responseCode: 550,
      },
    );
    expect(describeMailError(err)).toBe(
      "EENVELOPE 550: Can't send mail - all recipients were rejected: 550 <<address>>: no",
    );
  });
});
