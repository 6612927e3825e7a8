/** Matric Guide access, to the user who asked for it: approved, rejected with the reason, revoked. */
import { z } from 'zod';
import { formatRand } from '../../../domain/format.ts';
import { longText, name } from './fields.ts';
import { Action, Layout, Paragraph, Quote, TextLink, siteUrl } from './layout.tsx';
import { defineTemplate } from './template.ts';

export const guideAccessApproved = defineTemplate({
  kind: 'guide_access_approved',
  category: 'guide_access',
  schema: z.object({ name, amount: z.number().nonnegative() }),
  subject: () => 'Your Matric Guide access is approved',
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview="Your payment is confirmed: the Matric Guide is open to you."
      heading="Welcome to the Matric Guide"
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>
        We have confirmed your payment of {formatRand(p.amount, 2)}. Every article of the Matric Guide is now
        open to you: styling, venues, budgets, photos, etiquette and the last-minute checklist.
      </Paragraph>
      <Action href={siteUrl(ctx, '/matric-guide')}>Open the Matric Guide</Action>
    </Layout>
  ),
  sample: { name: 'Kea Molefe', amount: 50 },
});

export const guideAccessRejected = defineTemplate({
  kind: 'guide_access_rejected',
  category: 'guide_access',
  /** The admin's reason; an admin may reject without one. */
  schema: z.object({ name, reason: longText.nullable() }),
  subject: () => 'Your Matric Guide payment could not be confirmed',
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview="We could not confirm your Matric Guide payment."
      heading="We could not confirm your payment"
    >
      <Paragraph>Hi {p.name},</Paragraph>
      {p.reason ? (
        <>
          <Paragraph>We could not approve your Matric Guide access. The reason our team gave:</Paragraph>
          <Quote>{p.reason}</Quote>
        </>
      ) : (
        <Paragraph>We could not approve your Matric Guide access.</Paragraph>
      )}
      <Paragraph>You can check the payment details and submit your proof of payment again.</Paragraph>
      <Action href={siteUrl(ctx, '/matric-access')}>Submit payment proof again</Action>
    </Layout>
  ),
  sample: {
    name: 'Liam Naidoo',
    reason: 'We could not find a payment with reference LIAM-2026 in our account.',
  },
});

export const guideAccessRevoked = defineTemplate({
  kind: 'guide_access_revoked',
  category: 'guide_access',
  schema: z.object({ name, reason: longText.nullable() }),
  subject: () => 'Your Matric Guide access was revoked',
  Email: ({ payload: p, ctx }) => (
    <Layout
      ctx={ctx}
      preview="Your access to the Matric Guide has ended."
      heading="Your Matric Guide access was revoked"
    >
      <Paragraph>Hi {p.name},</Paragraph>
      <Paragraph>An administrator has revoked your access to the Matric Guide.</Paragraph>
      {p.reason ? <Quote>{p.reason}</Quote> : null}
      <Paragraph>
        If you think this is a mistake, please <TextLink href={siteUrl(ctx, '/contact')}>contact us</TextLink>
        .
      </Paragraph>
    </Layout>
  ),
  sample: { name: 'Kea Molefe', reason: null },
});
