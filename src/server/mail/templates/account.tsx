/** Essential account mail (always sent, no unsubscribe): address verification, password reset, changed address. */
import { z } from 'zod';
import { mailDate } from '../format.ts';
import { email, isoDate, name, token } from './fields.ts';
import { Action, Layout, Paragraph, Small, TextLink, siteUrl } from './layout.tsx';
import { defineTemplate } from './template.ts';

export const emailVerification = defineTemplate({
  kind: 'email_verification',
  category: 'account',
  schema: z.object({ name, email, token }),
  subject: () => 'Verify your email address',
  Email: ({ payload, ctx }) => {
    const href = siteUrl(ctx, `/auth/verify-email?token=${encodeURIComponent(payload.token)}`);
    return (
      <Layout
        ctx={ctx}
        preview="Confirm your email address to finish setting up your account."
        heading="Verify your email address"
      >
        <Paragraph>Hi {payload.name},</Paragraph>
        <Paragraph>
          Please confirm that {payload.email} is your email address. Verified addresses receive enquiry and
          reply notifications.
        </Paragraph>
        <Action href={href}>Verify email address</Action>
        <Small>If you did not create an account at {ctx.siteName}, you can ignore this email.</Small>
      </Layout>
    );
  },
  sample: {
    name: 'Thandi Mokoena',
    email: 'thandi@example.com',
    token: 'sample-verification-token-0123456789',
  },
});

export const passwordReset = defineTemplate({
  kind: 'password_reset',
  category: 'account',
  schema: z.object({ name, token }),
  subject: () => 'Reset your password',
  Email: ({ payload, ctx }) => {
    const href = siteUrl(ctx, `/auth/reset-password?token=${encodeURIComponent(payload.token)}`);
    return (
      <Layout
        ctx={ctx}
        preview="Use this link within one hour to choose a new password."
        heading="Reset your password"
      >
        <Paragraph>Hi {payload.name},</Paragraph>
        <Paragraph>
          We received a request to reset the password of your {ctx.siteName} account. The link below works
          once and expires in one hour.
        </Paragraph>
        <Action href={href}>Reset password</Action>
        <Small>If you did not ask for this, you can ignore this email: your password stays the same.</Small>
      </Layout>
    );
  },
  sample: { name: 'Thandi Mokoena', token: 'sample-reset-token-0123456789abcdef' },
});

export const emailChanged = defineTemplate({
  kind: 'email_changed',
  category: 'account',
  schema: z.object({ name, oldEmail: email, newEmail: email, changedAt: isoDate }),
  subject: () => 'Your email address was changed',
  Email: ({ payload, ctx }) => (
    <Layout
      ctx={ctx}
      preview={`Your account now signs in with ${payload.newEmail}.`}
      heading="Your email address was changed"
    >
      <Paragraph>Hi {payload.name},</Paragraph>
      <Paragraph>
        On {mailDate(payload.changedAt)} the email address of your {ctx.siteName} account was changed from{' '}
        {payload.oldEmail} to {payload.newEmail}. From now on you sign in with the new address, and this one
        no longer receives our emails.
      </Paragraph>
      <Paragraph>
        If you did not make this change, please{' '}
        <TextLink href={siteUrl(ctx, '/contact')}>contact us</TextLink> straight away.
      </Paragraph>
    </Layout>
  ),
  sample: {
    name: 'Thandi Mokoena',
    oldEmail: 'thandi@example.com',
    newEmail: 'thandi.mokoena@example.com',
    changedAt: '2026-11-27T10:30:00.000Z',
  },
});
